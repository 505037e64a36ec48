// The family's payments, newest first, each with its receipt (kept on the device once opened).

import { Trans, useLingui } from '@lingui/react/macro'
import { FileDown } from 'lucide-react'
import { useState } from 'react'
import type { Payment } from '#shared/payments.schema.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { saveBlob } from '../../platform/save-file.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { receiptBlob } from './payment-actions.ts'
import { paymentMethodLabel, paymentStatusLabel, STATUS_TONES } from './payment-labels.ts'

export function PaymentHistory({ payments, money }: { payments: Payment[]; money: (n: number) => string }) {
  const { t, i18n } = useLingui()
  const format = useDateFormat()
  const [opening, setOpening] = useState<string>()
  if (payments.length === 0)
    return (
      <p className="card p-4 text-muted">
        <Trans>No payments yet.</Trans>
      </p>
    )
  const open = async (payment: Payment) => {
    setOpening(payment.id)
    try {
      const blob = await receiptBlob(payment.id)
      if (blob) saveBlob(blob, `receipt-${payment.code}.pdf`)
      else toast(t`The receipt could not be opened. Please try again.`, 'error')
    } catch {
      toast(t`The receipt needs a connection the first time it is opened.`, 'error')
    } finally {
      setOpening(undefined)
    }
  }
  return (
    <ul className="card divide-y divide-slate-200 dark:divide-slate-800" aria-label={t`Payment history`}>
      {payments.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center gap-3 p-4" data-testid={`payment-${p.code}`}>
          {/* As a fee's row: on a phone the amount and the receipt take a line of their own. */}
          <div className="flex min-w-0 flex-1 basis-60 flex-col gap-1">
            <span className="font-medium" dir="auto">
              {p.concept}
            </span>
            <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
              <Badge tone={STATUS_TONES[p.status]}>{paymentStatusLabel(i18n, p.status)}</Badge>
              <span dir="auto">{p.student_name}</span>
              <span>{format(p.paid_at ?? p.created_at, 'date')}</span>
              <span>{paymentMethodLabel(i18n, p.method)}</span>
              <span dir="ltr">{p.code}</span>
            </span>
          </div>
          <div className="ms-auto flex items-center gap-3">
            <span className="font-semibold tabular-nums">{money(p.amount)}</span>
            {p.status === 'approved' && (
              <AriaButton
                size="sm"
                variant="secondary"
                isPending={opening === p.id}
                onPress={() => void open(p)}
                aria-label={t`Receipt for ${p.concept}`}
              >
                <FileDown aria-hidden="true" className="size-4" />
                <Trans>Receipt</Trans>
              </AriaButton>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}
