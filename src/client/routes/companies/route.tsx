import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { isAreaAddress, requireSignIn } from '../../platform/guards.ts'

// The users of each company: admins of a college only.
export const Route = createFileRoute('/companies')({
  beforeLoad: async (context) => {
    await requireSignIn(context)
    if (isAreaAddress(context.location, '/companies'))
      throw redirect({ to: '/companies/users', replace: true })
  },
  staticData: { collegeOnly: true, permission: 'college.manage' },
  component: AppLayout,
})
