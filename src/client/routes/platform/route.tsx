import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { isAreaAddress, requireSignIn } from '../../platform/guards.ts'

export const Route = createFileRoute('/platform')({
  beforeLoad: async (context) => {
    await requireSignIn(context)
    if (isAreaAddress(context.location, '/platform'))
      throw redirect({ to: '/platform/colleges', replace: true })
  },
  staticData: { permission: 'platform.manage' },
  component: AppLayout,
})
