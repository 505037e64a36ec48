import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

export function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-brand">404</p>
      <h1 className="text-2xl font-semibold">
        <Trans>We couldn't find that page</Trans>
      </h1>
      <Link to="/" className="text-brand underline">
        <Trans>Go to the home page</Trans>
      </Link>
    </main>
  )
}
