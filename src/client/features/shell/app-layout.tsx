import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Outlet, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { logout } from '../../platform/auth-actions.ts'
import { collegeAtom } from '../../platform/college.ts'
import { loggedInAtom, userAtom } from '../../platform/session.ts'
import { LanguageMenu } from '../../ui/language-menu.tsx'
import { ThemeMenu } from '../../ui/theme-menu.tsx'
import { OutboxBadge } from '../outbox/outbox-badge.tsx'
import { SessionExpired } from '../outbox/session-expired.tsx'
import { visibleNavItems } from './nav-items.ts'

export function AppLayout() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const college = useAtomValue(collegeAtom)
  const loggedIn = useAtomValue(loggedInAtom)
  const leaving = useRef(false)
  // The background session check found the session over: sign in again, then come back here. Once
  // only, and from the committed address (the router's pending one would point at the sign-in page).
  useEffect(() => {
    if (loggedIn || leaving.current) return
    leaving.current = true
    void navigate({
      to: '/auth/login',
      search: { redirect: window.location.pathname + window.location.search },
    })
  }, [loggedIn, navigate])
  const items = visibleNavItems(user?.permissions ?? [])
  const signOut = async () => {
    leaving.current = true
    await logout()
    await navigate({ to: '/auth/login' })
  }
  const linkClass =
    'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 hover:bg-slate-200 dark:hover:bg-slate-800 [&.active]:bg-brand [&.active]:text-white'
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[16rem_1fr]">
      <aside className="hidden border-e border-slate-200 bg-white p-4 md:flex md:flex-col md:gap-4 dark:border-slate-800 dark:bg-slate-900">
        <Link to="/app" className="flex items-center gap-3 font-semibold">
          <img src={college.logo} alt="" className="size-10 rounded-lg" />
          <span>{college.name}</span>
        </Link>
        <nav aria-label={t`Main menu`} className="flex flex-col gap-1">
          {items.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              activeOptions={{ exact: item.to === '/blog' }}
              className={linkClass}
            >
              <span aria-hidden="true">{item.icon}</span>
              {i18n._(item.label)}
            </Link>
          ))}
        </nav>
      </aside>
      <div className="flex min-h-dvh flex-col pb-20 md:pb-0">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
          <span className="font-semibold md:hidden">{college.name}</span>
          <span data-testid="user-name" className="flex items-center gap-2">
            {user?.avatar_url && <img src={user.avatar_url} alt="" className="size-8 rounded-full" />}
            {user ? `${user.name} ${user.first_lastname}`.trim() : ''}
          </span>
          <div className="flex flex-wrap items-center gap-2">
            <OutboxBadge />
            <LanguageMenu />
            <ThemeMenu />
            <button
              type="button"
              onClick={() => void signOut()}
              className="min-h-11 rounded-lg px-3 ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
            >
              <Trans>Sign out</Trans>
            </button>
          </div>
        </header>
        <SessionExpired />
        <main id="main" className="mx-auto w-full max-w-4xl flex-1 p-4">
          <Outlet />
        </main>
      </div>
      <nav
        aria-label={t`Main menu`}
        className="fixed inset-x-0 bottom-0 z-30 flex justify-around border-t border-slate-200 bg-white p-2 md:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        {items.map((item) => (
          <Link
            key={item.to}
            to={item.to}
            activeOptions={{ exact: item.to === '/blog' }}
            className={`${linkClass} flex-col gap-0 text-xs`}
          >
            <span aria-hidden="true" className="text-lg">
              {item.icon}
            </span>
            {i18n._(item.label)}
          </Link>
        ))}
      </nav>
    </div>
  )
}
