import { createRootRoute, Outlet } from '@tanstack/react-router'
import { DocumentTitle } from '../features/shell/document-title.tsx'
import { NotFound } from '../features/shell/not-found.tsx'
import { ScrollOnNavigate } from '../features/shell/scroll-on-navigate.tsx'
import { refreshSession } from '../platform/auth-actions.ts'
import { OfflineBanner } from '../ui/offline-banner.tsx'
import { ProgressBar } from '../ui/progress-bar.tsx'
import { Toaster } from '../ui/toaster.tsx'
import { UpdatePrompt } from '../ui/update-prompt.tsx'

export const Route = createRootRoute({
  // Spec section 2: before every navigation the user and the college session are fetched again.
  beforeLoad: () => refreshSession(),
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
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
