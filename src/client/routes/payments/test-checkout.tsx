import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '../../features/auth/auth-page.tsx'
import { TestCheckout } from '../../features/payments/test-checkout.tsx'
import { ensureAppMessages } from '../../platform/i18n.ts'

// The built-in test provider's page: public, like a real provider's.
export const Route = createFileRoute('/payments/test-checkout')({
  beforeLoad: () => ensureAppMessages(),
  validateSearch: (search: Record<string, unknown>) => ({
    token_ws: typeof search.token_ws === 'string' ? search.token_ws.slice(0, 100) : '',
  }),
  component: TestCheckoutPage,
})

function TestCheckoutPage() {
  const { t } = useLingui()
  return (
    <AuthPage title={t`Test payment`}>
      <TestCheckout token={Route.useSearch().token_ws} />
    </AuthPage>
  )
}
