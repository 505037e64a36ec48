import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '../../features/auth/auth-page.tsx'
import { ResetPasswordForm } from '../../features/auth/reset-password-form.tsx'

export const Route = createFileRoute('/auth/reset-password')({
  validateSearch: (search: Record<string, unknown>) => ({
    token: typeof search.token === 'string' ? search.token : '',
    email: typeof search.email === 'string' ? search.email : '',
    welcome: search.welcome === 1 || search.welcome === '1' || search.welcome === true ? true : undefined,
  }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { t } = useLingui()
  const { token, email, welcome } = Route.useSearch()
  return (
    <AuthPage title={welcome ? t`Welcome: choose your password` : t`Choose a new password`}>
      <ResetPasswordForm token={token} email={email} welcome={welcome} />
    </AuthPage>
  )
}
