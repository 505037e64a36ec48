import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

// Everyone of a college sees the processes that concern them; managing them needs `processes.manage`.
export const Route = createFileRoute('/processes')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true },
  component: AppLayout,
})
