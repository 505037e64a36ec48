import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '../../features/auth/auth-page.tsx'
import { SignupNo } from '../../features/auth/signup-no.tsx'

export const Route = createFileRoute('/auth/signup-no')({
  component: SignupNoPage,
})

function SignupNoPage() {
  const { t } = useLingui()
  return (
    <AuthPage title={t`How do I get an account?`}>
      <SignupNo />
    </AuthPage>
  )
}
