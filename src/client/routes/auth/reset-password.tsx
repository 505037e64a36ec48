import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '../../features/auth/auth-page.tsx'
import { ResetPasswordForm } from '../../features/auth/reset-password-form.tsx'

export const Route = createFileRoute('/auth/reset-password')({
  validateSearch: (search: Record<string, unknown>) => ({
    token: typeof search.token === 'string' ? search.token : '',
    email: typeof search.email === 'string' ? search.email : '',
  }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { t } = useLingui()
  const { token, email } = Route.useSearch()
  return (
    <AuthPage title={t`Choose a new password`}>
      <ResetPasswordForm token={token} email={email} />
    </AuthPage>
  )
}
