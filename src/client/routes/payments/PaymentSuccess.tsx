import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '../../features/auth/auth-page.tsx'
import { type OutcomeSearch, PaymentOutcomeCard } from '../../features/payments/payment-outcome.tsx'
import { ensureAppMessages } from '../../platform/i18n.ts'

// The router reads `e=1796092178` as a number: the signed values are taken back as text.
const text = (value: unknown) =>
  (typeof value === 'string' || typeof value === 'number') && String(value).length <= 100
    ? String(value)
    : undefined

// Public, as the spec says: the payer may come back from the bank in a browser that is not signed in.
export const Route = createFileRoute('/payments/PaymentSuccess')({
  beforeLoad: () => ensureAppMessages(),
  validateSearch: (search: Record<string, unknown>): OutcomeSearch => ({
    p: text(search.p),
    e: text(search.e),
    d: text(search.d),
    s: text(search.s),
  }),
  component: OutcomePage,
})

function OutcomePage() {
  const { t } = useLingui()
  return (
    <AuthPage title={t`Payment received`}>
      <PaymentOutcomeCard search={Route.useSearch()} expected="approved" />
    </AuthPage>
  )
}
