import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '../../features/auth/auth-page.tsx'
import { outcomeSearch } from '../../features/payments/outcome-search.ts'
import { PaymentOutcomeCard } from '../../features/payments/payment-outcome.tsx'
import { ensureAppMessages } from '../../platform/i18n.ts'

// Public, as the spec says: the payer may come back from the bank in a browser that is not signed in.
export const Route = createFileRoute('/payments/PaymentFailed')({
  beforeLoad: () => ensureAppMessages(),
  validateSearch: outcomeSearch,
  component: OutcomePage,
})

function OutcomePage() {
  const { t } = useLingui()
  return (
    <AuthPage title={t`Payment not completed`}>
      <PaymentOutcomeCard search={Route.useSearch()} expected="failed" />
    </AuthPage>
  )
}
