import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { isAreaAddress, requireSignIn } from '../../platform/guards.ts'

// The platform owner's view of advertising across colleges (only the platform's own users hold
// `platform.manage`; the server also refuses anyone with a college).
export const Route = createFileRoute('/banners')({
  beforeLoad: async (context) => {
    await requireSignIn(context)
    if (isAreaAddress(context.location, '/banners'))
      throw redirect({ to: '/banners/colleges', replace: true })
  },
  staticData: { permission: 'platform.manage' },
  component: AppLayout,
})
