// The students a fee applies to, with what each owes, their discount or exemption, and their payment.
import { Trans, useLingui } from '@lingui/react/macro'
import { BadgePercent, Undo2 } from 'lucide-react'
import { useState } from 'react'
import type { FeeStudentRow, FeeSummaryRow } from '#shared/payments.schema.ts'
import { holdsWords } from '#shared/search-key.ts'
import { api } from '../../../platform/api.ts'
import { AriaButton } from '../../../ui/aria-button.tsx'
import { Badge } from '../../../ui/badge.tsx'
import { useConfirm } from '../../../ui/confirm-dialog.tsx'
import { SearchField } from '../../../ui/search-field.tsx'
import { useAction } from '../../../ui/use-action.ts'
import { STATUS_TONES, usePaymentStatusLabels } from '../payment-labels.ts'
import { AdjustmentDialog } from './adjustment-dialog.tsx'
import { useMoney } from './admin-kit.tsx'

export function FeeStudents({
  fee,
  currency,
  rows,
  onChanged,
}: {
  fee: FeeSummaryRow
  currency: string
  rows: FeeStudentRow[]
  onChanged: () => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const statusLabels = usePaymentStatusLabels()
  const { confirm, dialog } = useConfirm()
  const { busy, act } = useAction()
  const [query, setQuery] = useState('')
  const [adjusting, setAdjusting] = useState<FeeStudentRow>()
  if (rows.length === 0)
    return (
      <p className="text-muted">
        {fee.grade_id === null
          ? t`No student is enrolled in a course yet.`
          : t`No student is enrolled in a course of this grade yet.`}
      </p>
    )
  const shown = query.trim() ? rows.filter((r) => holdsWords(`${r.name} ${r.course_name}`, query)) : rows

  const removeAdjustment = async (row: FeeStudentRow) => {
    const ok = await confirm({
      title: t`Remove the adjustment for ${row.name}?`,
      body: t`They will owe the fee’s full amount (${money(fee.amount, currency)}) again.`,
      confirmLabel: t`Remove adjustment`,
      destructive: true,
    })
    if (!ok) return
    const done = await act(
      () => api.delete(`api/v1/fees/${fee.id}/adjustments/${row.student_id}`),
      t`The adjustment has been removed.`,
    )
    if (done) onChanged()
  }

  return (
    <>
      {rows.length > 8 && (
        <SearchField
          label={t`Find a student`}
          placeholder={t`Name or course`}
          value={query}
          onChange={setQuery}
        />
      )}
      {shown.length === 0 ? (
        <p className="text-muted">
          <Trans>No student matches this search.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {shown.map((row) => {
            // What is due cannot change under a payment that is under way or done.
            const locked = row.payment?.status === 'pending' || row.payment?.status === 'approved'
            return (
              <li key={row.student_id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span dir="auto" className="font-medium">
                    {row.name}
                  </span>
                  <span dir="auto" className="text-sm text-muted">
                    {row.course_name}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="tabular-nums">{t`Due: ${money(row.due, currency)}`}</span>
                    {row.payment ? (
                      <Badge tone={STATUS_TONES[row.payment.status]}>
                        {statusLabels[row.payment.status]}
                      </Badge>
                    ) : row.due === 0 ? (
                      <Badge>{t`Nothing due`}</Badge>
                    ) : (
                      <Badge tone="warning">{t`Not paid`}</Badge>
                    )}
                  </span>
                  {row.adjustment && (
                    <span className="flex flex-wrap items-center gap-2 text-sm">
                      {row.adjustment.kind === 'exemption' ? (
                        <Badge tone="info">{t`Exemption`}</Badge>
                      ) : (
                        <Badge tone="info">
                          {t`Discount`} · {money(row.adjustment.discount, currency)}
                        </Badge>
                      )}
                      <span dir="auto" className="text-muted">
                        {row.adjustment.reason}
                      </span>
                    </span>
                  )}
                </div>
                {!locked && (
                  <div className="flex flex-wrap gap-2">
                    <AriaButton
                      size="sm"
                      variant="secondary"
                      isDisabled={busy}
                      onPress={() => setAdjusting(row)}
                    >
                      <BadgePercent aria-hidden="true" className="size-4" />
                      {t`Discount or exemption`}
                    </AriaButton>
                    {row.adjustment && (
                      <AriaButton
                        size="sm"
                        variant="ghost"
                        isDisabled={busy}
                        onPress={() => void removeAdjustment(row)}
                      >
                        <Undo2 aria-hidden="true" className="size-4" />
                        {t`Remove adjustment`}
                      </AriaButton>
                    )}
                  </div>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {adjusting && (
        <AdjustmentDialog
          fee={fee}
          student={adjusting}
          currency={currency}
          onClose={() => setAdjusting(undefined)}
          onSaved={() => {
            setAdjusting(undefined)
            onChanged()
          }}
        />
      )}
      {dialog}
    </>
  )
}
