import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

// The spec's gallery addresses: the albums everyone of the college reads, and the carousel of the
// public home page, which is managed with the college's slides.
export const Route = createFileRoute('/gallery')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true },
  component: AppLayout,
})
