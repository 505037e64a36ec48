import { createFileRoute } from '@tanstack/react-router'
import { FeesWallet } from '../../../features/payments/fees-wallet.tsx'

export const Route = createFileRoute('/payments/_signed/')({
  staticData: { permission: 'fees.view' },
  component: FeesWallet,
})
