import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { requireSignIn } from '../../platform/guards.ts'

// The signed-in screens under /payments; the outcome pages beside them are public (the spec's
// PaymentSuccess works without sign-in, as the payer may come back in another browser).
export const Route = createFileRoute('/payments/_signed')({
  beforeLoad: requireSignIn,
  staticData: { collegeOnly: true },
  component: AppLayout,
})
