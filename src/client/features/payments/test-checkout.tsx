// The built-in test provider's checkout page: it stands where Webpay's page would, so a demo or a
// test machine with no internet runs the whole payment. It says plainly that no money moves.
import { Trans, useLingui } from '@lingui/react/macro'
import { FlaskConical } from 'lucide-react'
import { useState } from 'react'
import { formatMoney } from '#shared/money.ts'
import { api, errorMessageOf } from '../../platform/api.ts'
import { useRemote } from '../../platform/remote.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { postTo } from './payment-actions.ts'

type Checkout = { college: string; amount: number; currency: string; buy_order: string; decided: boolean }

export function TestCheckout({ token }: { token: string }) {
  const { t, i18n } = useLingui()
  const checkout = useRemote<Checkout>(
    /^[0-9a-f]{48}$/.test(token) ? `api/v1/payments/test-checkout/${token}` : null,
  )
  const [busy, setBusy] = useState<'approve' | 'reject'>()
  const [error, setError] = useState<string>()
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(decision)
    setError(undefined)
    try {
      const answer = await api
        .post(`api/v1/payments/test-checkout/${token}`, { json: { decision } })
        .json<{ return_url: string; token: string }>()
      postTo(answer.return_url, { token_ws: answer.token })
    } catch (e) {
      setError(errorMessageOf(e) ?? t`Something went wrong. Please try again.`)
      setBusy(undefined)
    }
  }
  if (!/^[0-9a-f]{48}$/.test(token) || checkout.status === 'error')
    return <FormAlert>{t`This checkout does not exist or has ended.`}</FormAlert>
  const data = checkout.data
  if (!data)
    return (
      <div
        role="status"
        aria-label={t`Loading the checkout…`}
        className="h-40 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800"
      />
    )
  return (
    <div className="flex flex-col gap-5">
      <Badge tone="warning" icon={<FlaskConical aria-hidden="true" className="size-3.5" />}>
        <Trans>Test provider: no money moves</Trans>
      </Badge>
      <p className="text-muted">
        <Trans>
          This page stands in for the bank’s payment page in demonstrations. Choose how the payment ends.
        </Trans>
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">{t`School`}</dt>
        <dd className="font-medium" dir="auto">
          {data.college}
        </dd>
        <dt className="text-muted">{t`Amount`}</dt>
        <dd className="text-lg font-bold">{formatMoney(data.amount, data.currency, i18n.locale)}</dd>
        <dt className="text-muted">{t`Payment code`}</dt>
        <dd dir="ltr">{data.buy_order}</dd>
      </dl>
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex flex-wrap gap-3">
        <AriaButton
          isPending={busy === 'approve'}
          isDisabled={Boolean(busy)}
          onPress={() => void decide('approve')}
        >
          <Trans>Approve payment</Trans>
        </AriaButton>
        <AriaButton
          variant="secondary"
          isPending={busy === 'reject'}
          isDisabled={Boolean(busy)}
          onPress={() => void decide('reject')}
        >
          <Trans>Reject payment</Trans>
        </AriaButton>
      </div>
    </div>
  )
}
