import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { isAreaAddress, requireSignIn } from '../../platform/guards.ts'

// The spec's gallery addresses: the albums everyone of the college reads, and the carousel of the
// public home page, which is managed with the college's slides.
export const Route = createFileRoute('/gallery')({
  beforeLoad: async (context) => {
    await requireSignIn(context)
    if (isAreaAddress(context.location, '/gallery')) throw redirect({ to: '/gallery/Index', replace: true })
  },
  staticData: { collegeOnly: true },
  component: AppLayout,
})
