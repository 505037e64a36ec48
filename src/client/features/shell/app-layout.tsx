import { Outlet, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { I18nProvider } from 'react-aria-components'
import { collegeAtom } from '../../platform/college.ts'
import { localeAtom } from '../../platform/i18n.ts'
import { loggedInAtom, userAtom } from '../../platform/session.ts'
import { EmergencyAlert } from '../notifications/emergency-alert.tsx'
import { SessionExpired } from '../outbox/session-expired.tsx'
import { AppHeader } from './app-header.tsx'
import { visibleAreas } from './areas.ts'
import { BottomNav } from './bottom-nav.tsx'
import { useNavBadges } from './nav-badges.ts'
import { NoAccess } from './no-access.tsx'
import { useRouteAllowed } from './route-permission.ts'
import { SideNav } from './side-nav.tsx'

/** The frame of every signed-in screen: menu, header, and the screen (or "no access"). */
export function AppLayout() {
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const loggedIn = useAtomValue(loggedInAtom)
  const locale = useAtomValue(localeAtom)
  const allowed = useRouteAllowed(user)
  const { advertising } = useAtomValue(collegeAtom)
  const areas = visibleAreas(user, advertising === true)
  const badges = useNavBadges()
  const leaving = useRef(false)
  // The background session check found the session over: sign in again, then come back here. Once
  // only, and from the committed address (the router's pending one would point at the sign-in page).
  useEffect(() => {
    if (loggedIn || leaving.current) return
    leaving.current = true
    void navigate({
      to: '/auth/login',
      search: { redirect: window.location.pathname + window.location.search, ended: true },
    })
  }, [loggedIn, navigate])
  return (
    <I18nProvider locale={locale}>
      <div className="min-h-dvh md:grid md:grid-cols-[16rem_minmax(0,1fr)]">
        <SideNav areas={areas} badges={badges} />
        <div data-bottom-nav-room className="flex min-h-dvh min-w-0 flex-col pb-24 md:pb-0">
          <AppHeader />
          <SessionExpired />
          <main
            id="main"
            className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-5 sm:px-6 sm:py-8"
          >
            {allowed ? <Outlet /> : <NoAccess />}
          </main>
        </div>
        <BottomNav areas={areas} badges={badges} />
        {user?.college_id != null && <EmergencyAlert />}
      </div>
    </I18nProvider>
  )
}
