import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

// The Benefits directory's categories: admins of a college only.
export const Route = createFileRoute('/pyme-category')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true, permission: 'college.manage' },
  component: AppLayout,
})
