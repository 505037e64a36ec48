import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

// The platform owner's view of advertising across colleges (only the platform's own users hold
// `platform.manage`; the server also refuses anyone with a college).
export const Route = createFileRoute('/banners')({
  beforeLoad: requireSignIn,
  staticData: { permission: 'platform.manage' },
  component: AppLayout,
})
