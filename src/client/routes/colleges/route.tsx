import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { isAreaAddress, requireSignIn } from '../../platform/guards.ts'

export const Route = createFileRoute('/colleges')({
  beforeLoad: async (context) => {
    await requireSignIn(context)
    if (isAreaAddress(context.location, '/colleges'))
      throw redirect({ to: '/colleges/details', replace: true })
  },
  staticData: { collegeOnly: true, permission: 'college.manage' },
  component: AppLayout,
})
