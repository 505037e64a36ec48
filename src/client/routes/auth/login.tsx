import { useLingui } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { AuthPage } from '../../features/auth/auth-page.tsx'
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form.tsx'
import { LoginForm } from '../../features/auth/login-form.tsx'
import { loggedInAtom } from '../../platform/session.ts'
import { store } from '../../platform/store.ts'

type LoginSearch = {
  redirect?: string
  /** The session ended elsewhere (signed out on another device, password changed): say so. */
  ended?: boolean
  /** Open the recovery form, with this address filled in (from an expired reset link). */
  forgot?: string
}

export const Route = createFileRoute('/auth/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    ended: search.ended === true || search.ended === 'true' ? true : undefined,
    forgot: typeof search.forgot === 'string' ? search.forgot : undefined,
  }),
  beforeLoad: () => {
    if (store.get(loggedInAtom)) throw redirect({ to: '/app' })
  },
  component: LoginPage,
})

function LoginPage() {
  const { t } = useLingui()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const forgot = search.forgot !== undefined
  const showForgot = (open: boolean) =>
    void navigate({
      search: (s) => ({ ...s, forgot: open ? '' : undefined, ended: undefined }),
      replace: true,
    })
  return (
    <AuthPage title={forgot ? t`Recover your password` : t`Sign in`}>
      {forgot ? (
        <ForgotPasswordForm email={search.forgot} onBack={() => showForgot(false)} />
      ) : (
        <LoginForm redirect={search.redirect} ended={search.ended} onForgot={() => showForgot(true)} />
      )}
    </AuthPage>
  )
}
