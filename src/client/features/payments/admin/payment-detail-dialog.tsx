// One payment with every field, its receipt, and marking it refunded.

import { useLingui } from '@lingui/react/macro'
import { FileText, Undo2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { AdminPayment } from '#shared/payments.schema.ts'
import { api, errorMessageOf, isNetworkError } from '../../../platform/api.ts'
import { useDateFormat } from '../../../platform/dates.ts'
import { toast } from '../../../platform/toasts.ts'
import { AriaButton } from '../../../ui/aria-button.tsx'
import { Badge } from '../../../ui/badge.tsx'
import { Dialog } from '../../../ui/dialog.tsx'
import { FormAlert } from '../../../ui/form-alert.tsx'
import { TextArea } from '../../../ui/text-area.tsx'
import { useAction } from '../../../ui/use-action.ts'
import { STATUS_TONES, usePaymentMethodLabels, usePaymentStatusLabels } from '../payment-labels.ts'
import { openReceipt, PROVIDER_NAMES, useMoney } from './admin-kit.tsx'

export function PaymentDetailDialog({
  payment,
  onClose,
  onChanged,
}: {
  payment: AdminPayment
  onClose: () => void
  onChanged: (payment: AdminPayment) => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const format = useDateFormat()
  const statusLabels = usePaymentStatusLabels()
  const methodLabels = usePaymentMethodLabels()
  const { busy, act } = useAction()
  const [refunding, setRefunding] = useState(false)
  const p = payment
  const method =
    p.method === 'online' && p.provider
      ? `${methodLabels.online} · ${PROVIDER_NAMES[p.provider]}`
      : methodLabels[p.method]
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t`Payment ${p.code}`}
      description={<Badge tone={STATUS_TONES[p.status]}>{statusLabels[p.status]}</Badge>}
      closeLabel={t`Close`}
      footer={
        p.status === 'approved' && (
          <>
            <AriaButton variant="secondary" onPress={() => setRefunding(true)}>
              <Undo2 aria-hidden="true" className="size-4" />
              {t`Mark as refunded`}
            </AriaButton>
            <AriaButton
              isPending={busy}
              onPress={() => void act(() => openReceipt(p), t`The receipt has been saved to your downloads.`)}
            >
              <FileText aria-hidden="true" className="size-4" />
              {t`Receipt`}
            </AriaButton>
          </>
        )
      }
    >
      <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
        <Detail label={t`Amount`}>
          <span className="text-lg font-semibold tabular-nums">{money(p.amount, p.currency)}</span>
        </Detail>
        <Detail label={t`Code`}>
          <span dir="ltr" className="font-mono">
            {p.code}
          </span>
        </Detail>
        <Detail label={t`Concept`}>
          <span dir="auto">{p.concept}</span>
        </Detail>
        <Detail label={t`Student`}>
          <span dir="auto">{p.student_name}</span>
        </Detail>
        <Detail label={t`Grade`}>
          {p.grade_name ? <span dir="auto">{p.grade_name}</span> : t`Whole school`}
        </Detail>
        <Detail label={t`Method`}>{method}</Detail>
        <Detail label={t`Paid by`}>{p.payer_name ? <span dir="auto">{p.payer_name}</span> : '—'}</Detail>
        <Detail label={t`Recorded by`}>
          {p.recorded_by_name ? <span dir="auto">{p.recorded_by_name}</span> : '—'}
        </Detail>
        <Detail label={t`Paid on`}>{p.paid_at ? format(p.paid_at, 'dateTime') : '—'}</Detail>
        <Detail label={t`Started`}>{format(p.created_at, 'dateTime')}</Detail>
        <Detail label={t`Authorization code`}>
          {p.authorization_code ? (
            <span dir="ltr" className="font-mono">
              {p.authorization_code}
            </span>
          ) : (
            '—'
          )}
        </Detail>
        <Detail label={t`Card`}>
          {p.card_last4 ? (
            <span dir="ltr" className="font-mono">
              •••• {p.card_last4}
            </span>
          ) : (
            '—'
          )}
        </Detail>
      </dl>
      {refunding && (
        <RefundDialog
          payment={p}
          onClose={() => setRefunding(false)}
          onRefunded={(refunded) => {
            setRefunding(false)
            onChanged(refunded)
          }}
        />
      )}
    </Dialog>
  )
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}

export function RefundDialog({
  payment,
  onClose,
  onRefunded,
}: {
  payment: AdminPayment
  onClose: () => void
  onRefunded: (payment: AdminPayment) => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const [note, setNote] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string>()
  const amount = money(payment.amount, payment.currency)
  const refund = async () => {
    setError(undefined)
    setPending(true)
    try {
      const refunded = await api
        .post(`api/v1/payments/${payment.id}/refund`, { json: { note: note.trim() } })
        .json<AdminPayment>()
      toast(t`The payment has been marked as refunded.`, 'success')
      onRefunded(refunded)
    } catch (failure) {
      setError(
        isNetworkError(failure) || !navigator.onLine
          ? t`This needs a connection. Try again when you are online.`
          : (errorMessageOf(failure) ?? t`That did not work. Please try again.`),
      )
    } finally {
      setPending(false)
    }
  }
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      size="md"
      dismissable={!note}
      title={t`Mark payment ${payment.code} as refunded?`}
      footer={
        <>
          <AriaButton variant="secondary" onPress={onClose}>
            {t`Cancel`}
          </AriaButton>
          <AriaButton variant="danger" isPending={pending} onPress={() => void refund()}>
            {t`Mark as refunded`}
          </AriaButton>
        </>
      }
    >
      <FormAlert>{error}</FormAlert>
      <p className="text-slate-700 dark:text-slate-300">
        {t`This only records the refund in the app: the fee shows as unpaid again and the receipt stops being valid. The ${amount} must be given back through the payment provider’s portal (Transbank for Webpay) or by the school office.`}
      </p>
      <TextArea
        label={t`Note`}
        rows={3}
        maxLength={300}
        placeholder={t`How and when the money was returned`}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </Dialog>
  )
}
