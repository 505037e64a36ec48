import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

// Everyone of a college sees its local businesses' offers, where the college accepts advertising (the
// page says so where it does not).
export const Route = createFileRoute('/benefits')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true },
  component: AppLayout,
})
