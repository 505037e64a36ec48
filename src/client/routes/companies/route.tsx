import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

// The users of each company: admins of a college only.
export const Route = createFileRoute('/companies')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true, permission: 'college.manage' },
  component: AppLayout,
})
