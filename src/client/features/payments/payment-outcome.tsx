// The outcome pages the provider's return lands on. They work without sign-in (the payer may have come
// back in another browser) and show only the payment's own summary, read through a signed address.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { CircleCheck, CircleX, Clock } from 'lucide-react'
import { formatMoney } from '#shared/money.ts'
import type { PaymentOutcome } from '#shared/payments.schema.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { queryString, useRemote } from '../../platform/remote.ts'
import { loggedInAtom } from '../../platform/session.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import type { OutcomeSearch } from './outcome-search.ts'

export function PaymentOutcomeCard({
  search,
  expected,
}: {
  search: OutcomeSearch
  expected: 'approved' | 'failed'
}) {
  const { t, i18n } = useLingui()
  const format = useDateFormat()
  const signedIn = useAtomValue(loggedInAtom)
  const outcome = useRemote<PaymentOutcome>(search.p ? `api/v1/payments/outcome${queryString(search)}` : null)
  const next = signedIn ? (
    <ButtonLink to="/payments">{t`See my fees`}</ButtonLink>
  ) : (
    <ButtonLink to="/auth/login">{t`Sign in`}</ButtonLink>
  )
  if (!search.p || outcome.status === 'error')
    return (
      <div className="flex flex-col gap-4">
        <p>
          {expected === 'approved' ? (
            <Trans>We could not find this payment. Your fees in the app show whether it was paid.</Trans>
          ) : (
            <Trans>
              The payment was not completed, and nothing was charged. You can try again from your fees.
            </Trans>
          )}
        </p>
        {next}
      </div>
    )
  const data = outcome.data
  if (!data)
    return (
      <div
        role="status"
        aria-label={t`Loading the payment…`}
        className="h-40 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800"
      />
    )
  const money = formatMoney(data.amount, data.currency, i18n.locale)
  const rows: [string, string][] = [
    [t`Concept`, data.concept],
    [t`Amount`, money],
    [t`Payment code`, data.code],
  ]
  if (data.paid_at) rows.push([t`Date`, format(data.paid_at, 'dateTime')])
  if (data.authorization_code) rows.push([t`Authorization code`, data.authorization_code])
  if (data.card_last4) rows.push([t`Card`, `•••• ${data.card_last4}`])
  return (
    <div className="flex flex-col gap-5" data-testid={`outcome-${data.status}`}>
      {data.status === 'approved' ? (
        <p className="flex items-center gap-3 text-lg font-semibold text-emerald-700 dark:text-emerald-300">
          <CircleCheck aria-hidden="true" className="size-7 shrink-0" />
          <Trans>Payment approved. Thank you!</Trans>
        </p>
      ) : data.status === 'pending' ? (
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-3 text-lg font-semibold">
            <Clock aria-hidden="true" className="size-7 shrink-0" />
            <Trans>We are still confirming this payment with the bank.</Trans>
          </p>
          <AriaButton variant="secondary" onPress={outcome.reload}>
            <Trans>Check again</Trans>
          </AriaButton>
        </div>
      ) : (
        <p className="flex items-center gap-3 text-lg font-semibold text-red-700 dark:text-red-300">
          <CircleX aria-hidden="true" className="size-7 shrink-0" />
          {data.status === 'refunded' ? (
            <Trans>This payment was refunded.</Trans>
          ) : (
            <Trans>The payment was not completed. Nothing was charged.</Trans>
          )}
        </p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium" dir="auto">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted" dir="auto">
        {data.college}
      </p>
      {next}
    </div>
  )
}
