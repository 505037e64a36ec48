import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

export const Route = createFileRoute('/documentos')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true },
  component: AppLayout,
})
