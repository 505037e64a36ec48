import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { isAreaAddress, requireSignIn } from '../../platform/guards.ts'

export const Route = createFileRoute('/admin')({
  beforeLoad: async (context) => {
    await requireSignIn(context)
    if (isAreaAddress(context.location, '/admin')) throw redirect({ to: '/admin/contacts', replace: true })
  },
  staticData: { collegeOnly: true },
  component: AppLayout,
})
