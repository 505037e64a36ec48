import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

// The college's administrators and the companies' users manage local businesses (a company's users only
// their own company's: the server sees to that).
export const Route = createFileRoute('/pymes')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true, permission: 'pymes.manage' },
  component: AppLayout,
})
