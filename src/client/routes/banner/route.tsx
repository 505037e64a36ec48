import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

// The college's administrators manage its advertising banners.
export const Route = createFileRoute('/banner')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true, permission: 'banners.manage' },
  component: AppLayout,
})
