import { useLingui } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { useState } from 'react'
import { AuthPage } from '../../features/auth/auth-page.tsx'
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form.tsx'
import { LoginForm } from '../../features/auth/login-form.tsx'
import { loggedInAtom } from '../../platform/session.ts'
import { store } from '../../platform/store.ts'

export const Route = createFileRoute('/auth/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
  }),
  beforeLoad: () => {
    if (store.get(loggedInAtom)) throw redirect({ to: '/app' })
  },
  component: LoginPage,
})

function LoginPage() {
  const { t } = useLingui()
  const { redirect: target } = Route.useSearch()
  const [forgot, setForgot] = useState(false)
  return (
    <AuthPage title={forgot ? t`Recover your password` : t`Sign in`}>
      {forgot ? (
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      ) : (
        <LoginForm redirect={target} onForgot={() => setForgot(true)} />
      )}
    </AuthPage>
  )
}
