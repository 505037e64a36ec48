import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

export const Route = createFileRoute('/statistics')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true, permission: 'stats.view' },
  component: AppLayout,
})
