import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

export const Route = createFileRoute('/statistics')({
  beforeLoad: requireSignIn,
  // Not college-only: the platform owner opens any college's dashboard from /platform/colleges.
  staticData: { permission: 'stats.view' },
  component: AppLayout,
})
