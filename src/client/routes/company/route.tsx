import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

// The local businesses a college accepted: admins of a college only.
export const Route = createFileRoute('/company')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true, permission: 'college.manage' },
  component: AppLayout,
})
