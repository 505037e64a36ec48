// One child's fees in the wallet: what to pay now (overdue first), what comes later, what is settled.
import { Trans, useLingui } from '@lingui/react/macro'
import { CreditCard } from 'lucide-react'
import { useDateFormat } from '../../platform/dates.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge, type BadgeTone } from '../../ui/badge.tsx'
import { feeTypeLabel } from './payment-labels.ts'
import type { ItemState, WalletItem } from './wallet-items.ts'

const ORDER: ItemState[] = ['overdue', 'due', 'pending', 'upcoming', 'paid', 'exempt']
const TONES: Record<ItemState, BadgeTone> = {
  overdue: 'danger',
  due: 'warning',
  pending: 'info',
  upcoming: 'neutral',
  paid: 'success',
  exempt: 'neutral',
}

export function StudentFees({
  items,
  money,
  online,
  paying,
  onPay,
}: {
  items: WalletItem[]
  money: (amount: number) => string
  online: boolean
  paying: string | undefined
  onPay: (feeId: number) => void
}) {
  const { t, i18n } = useLingui()
  const format = useDateFormat()
  const day = (d: string) => format(`${d}T12:00:00Z`, 'date')
  const stateLabel: Record<ItemState, string> = {
    overdue: t`Overdue`,
    due: t`Due`,
    pending: t`Payment in progress`,
    upcoming: t`Upcoming`,
    paid: t`Paid`,
    exempt: t`Exempt`,
  }
  const sorted = [...items].sort(
    (a, b) => ORDER.indexOf(a.state) - ORDER.indexOf(b.state) || a.fee.end_date.localeCompare(b.fee.end_date),
  )
  return (
    <ul className="card divide-y divide-slate-200 dark:divide-slate-800" aria-label={t`Fees`}>
      {sorted.map((item) => {
        const payable = item.state === 'overdue' || item.state === 'due' || item.state === 'upcoming'
        const busy = paying?.startsWith(`${item.fee.id}:`)
        return (
          <li
            key={item.fee.id}
            className="flex flex-wrap items-center gap-3 p-4"
            data-testid={`fee-${item.fee.id}`}
          >
            {/* A basis of its own: on a phone the amount and the button go to a line of their own
                rather than squeezing the concept, its due date and its discount into a narrow column. */}
            <div className="flex min-w-0 flex-1 basis-60 flex-col gap-1">
              <span className="font-medium" dir="auto">
                {item.fee.concept}
              </span>
              <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
                <Badge tone={TONES[item.state]}>{stateLabel[item.state]}</Badge>
                <span>{feeTypeLabel(i18n, item.fee.type)}</span>
                <span>
                  {item.state === 'upcoming' ? (
                    <Trans>From {day(item.fee.init_date)}</Trans>
                  ) : (
                    <Trans>Due {day(item.fee.end_date)}</Trans>
                  )}
                </span>
              </span>
              {item.discount > 0 && item.state !== 'exempt' && (
                <span className="text-sm text-muted" dir="auto">
                  <Trans>
                    {money(item.discount)} off: {item.reason}
                  </Trans>
                </span>
              )}
            </div>
            <div className="ms-auto flex flex-wrap items-center justify-end gap-3">
              <span className="text-end font-semibold tabular-nums">
                {item.discount > 0 && (
                  <s className="me-2 text-sm font-normal text-muted">{money(item.fee.amount)}</s>
                )}
                {money(item.due)}
              </span>
              {payable && (
                <AriaButton
                  size="sm"
                  isDisabled={!online || Boolean(paying)}
                  isPending={busy}
                  onPress={() => onPay(item.fee.id)}
                  aria-label={t`Pay ${item.fee.concept}`}
                >
                  <CreditCard aria-hidden="true" className="size-4" />
                  <Trans>Pay</Trans>
                </AriaButton>
              )}
            </div>
          </li>
        )
      })}
      {!online && (
        <li className="p-4 text-sm text-muted">
          <Trans>Paying needs a connection. Everything else here works offline.</Trans>
        </li>
      )}
    </ul>
  )
}
