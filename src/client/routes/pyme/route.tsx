import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { isAreaAddress, requireSignIn } from '../../platform/guards.ts'

// One business's page, for those who manage businesses (as /pymes).
export const Route = createFileRoute('/pyme')({
  beforeLoad: async (context) => {
    await requireSignIn(context)
    if (isAreaAddress(context.location, '/pyme')) throw redirect({ to: '/pymes', replace: true })
  },
  staticData: { collegeOnly: true, permission: 'pymes.manage' },
  component: AppLayout,
})
