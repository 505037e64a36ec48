import { Trans } from '@lingui/react/macro'
import { ButtonLink } from '../../ui/link.tsx'

export function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-7xl font-bold text-brand-ink">404</p>
      <h1 className="text-2xl font-semibold">
        <Trans>We couldn't find that page</Trans>
      </h1>
      <ButtonLink to="/" variant="secondary">
        <Trans>Go to the home page</Trans>
      </ButtonLink>
    </main>
  )
}
