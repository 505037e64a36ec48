import { createRootRoute, Outlet, useLocation } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { DocumentTitle } from '../features/shell/document-title.tsx'
import { NotFound } from '../features/shell/not-found.tsx'
import { ScreenError } from '../features/shell/screen-error.tsx'
import { ScrollOnNavigate } from '../features/shell/scroll-on-navigate.tsx'
import { SuspendedPage } from '../features/shell/suspended-page.tsx'
import { refreshSession } from '../platform/auth-actions.ts'
import { collegeAtom } from '../platform/college.ts'
import { userAtom } from '../platform/session.ts'
import { OfflineBanner } from '../ui/offline-banner.tsx'
import { ProgressBar } from '../ui/progress-bar.tsx'
import { Toaster } from '../ui/toaster.tsx'
import { UpdatePrompt } from '../ui/update-prompt.tsx'

export const Route = createRootRoute({
  // Spec section 2: before every navigation the user and the college session are fetched again.
  beforeLoad: () => refreshSession(),
  component: RootLayout,
  notFoundComponent: NotFound,
  // Every other route's too (main.tsx, `defaultErrorComponent`), which the router would use here as
  // well. Named here, the screen's icons are built with the public pages' (home-script.spec.ts counts
  // a first visit's files).
  errorComponent: ScreenError,
})

function RootLayout() {
  const college = useAtomValue(collegeAtom)
  const user = useAtomValue(userAtom)
  const { pathname } = useLocation()
  // A suspended college's people see why, and nothing else; the platform owner (who may share the
  // host) still signs in and works.
  const blocked = college.suspended && user?.college_id !== null && !pathname.startsWith('/auth/')
  if (blocked) return <SuspendedPage />
  return (
    <>
      <ProgressBar />
      <OfflineBanner />
      <DocumentTitle />
      <ScrollOnNavigate />
      <Outlet />
      <UpdatePrompt />
      <Toaster />
    </>
  )
}
