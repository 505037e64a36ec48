import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

// One business's page, for those who manage businesses (as /pymes).
export const Route = createFileRoute('/pyme')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true, permission: 'pymes.manage' },
  component: AppLayout,
})
