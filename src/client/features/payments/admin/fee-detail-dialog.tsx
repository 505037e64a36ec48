// One fee: its figures, edit and delete, and the students it applies to.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Pencil, Receipt, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { FeeStudentRow, FeeSummaryRow } from '#shared/payments.schema.ts'
import { api, errorMessageOf, isNetworkError } from '../../../platform/api.ts'
import { useRemote } from '../../../platform/remote.ts'
import { userAtom } from '../../../platform/session.ts'
import { toast } from '../../../platform/toasts.ts'
import { AriaButton } from '../../../ui/aria-button.tsx'
import { Badge } from '../../../ui/badge.tsx'
import { useConfirm } from '../../../ui/confirm-dialog.tsx'
import { Dialog } from '../../../ui/dialog.tsx'
import { FormAlert } from '../../../ui/form-alert.tsx'
import { ButtonLink } from '../../../ui/link.tsx'
import { RemoteContent } from '../../../ui/list-status.tsx'
import type { SelectOption } from '../../../ui/select.tsx'
import { SkeletonList } from '../../../ui/skeleton.tsx'
import { useFeeTypeLabels } from '../payment-labels.ts'
import { CollectedOfDue, useDayFormat, useMoney } from './admin-kit.tsx'
import { FeeFormDialog } from './fee-form-dialog.tsx'
import { FeeStudents } from './fee-students.tsx'

export function FeeDetailDialog({
  fee,
  currency,
  gradeOptions,
  onClose,
  onChanged,
  onDeleted,
}: {
  fee: FeeSummaryRow
  currency: string
  gradeOptions: SelectOption[]
  onClose: () => void
  onChanged: () => void
  onDeleted: () => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const day = useDayFormat()
  const typeLabels = useFeeTypeLabels()
  const me = useAtomValue(userAtom)
  const seesPayments = Boolean(me?.permissions.includes('payments.manage'))
  const students = useRemote<{ data: FeeStudentRow[] }>(`api/v1/fees/${fee.id}/students`)
  const { confirm, dialog } = useConfirm()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [deleteError, setDeleteError] = useState<string>()

  const remove = async () => {
    setDeleteError(undefined)
    const ok = await confirm({
      title: t`Delete “${fee.concept}”?`,
      body: t`Families will no longer see it. This cannot be undone.`,
      confirmLabel: t`Delete fee`,
      destructive: true,
    })
    if (!ok) return
    setDeleting(true)
    try {
      await api.delete(`api/v1/fees/${fee.id}`)
      toast(t`The fee has been deleted.`, 'success')
      onDeleted()
    } catch (error) {
      setDeleteError(
        isNetworkError(error) || !navigator.onLine
          ? t`Deleting needs a connection. Try again when you are online.`
          : (errorMessageOf(error) ?? t`The fee could not be deleted. Please try again.`),
      )
    } finally {
      setDeleting(false)
    }
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={fee.concept}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{fee.grade_name ?? t`Whole school`}</Badge>
          <Badge>{typeLabels[fee.type]}</Badge>
        </span>
      }
      closeLabel={t`Close`}
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Figure label={t`Amount`}>{money(fee.amount, currency)}</Figure>
        <Figure label={t`Start date`}>{day(fee.init_date)}</Figure>
        <Figure label={t`Due date`}>{day(fee.end_date)}</Figure>
        <Figure
          label={t({ message: 'Paid', context: 'students' })}
        >{t`${fee.paid} of ${fee.students}`}</Figure>
        <div className="col-span-2 flex flex-col gap-1 sm:col-span-4">
          <dt className="text-sm text-muted">{t`Collected`}</dt>
          <dd className="flex flex-col gap-1">
            <CollectedOfDue collected={fee.collected} due={fee.due} currency={currency} />
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <AriaButton variant="secondary" size="sm" onPress={() => setEditing(true)}>
          <Pencil aria-hidden="true" className="size-4" />
          {t`Edit`}
        </AriaButton>
        <AriaButton variant="danger" size="sm" isPending={deleting} onPress={() => void remove()}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t`Delete`}
        </AriaButton>
        {seesPayments && (
          <ButtonLink to="/payments/payments" search={{ fee: fee.id }} variant="ghost" size="sm">
            <Receipt aria-hidden="true" className="size-4" />
            <Trans>See its payments</Trans>
          </ButtonLink>
        )}
      </div>
      <FormAlert>{deleteError}</FormAlert>
      <section aria-labelledby={`fee-${fee.id}-students`} className="flex flex-col gap-3">
        <h3 id={`fee-${fee.id}-students`} className="text-lg font-semibold">
          <Trans>Students</Trans>
        </h3>
        <RemoteContent
          status={students.data ? 'ready' : students.status}
          error={students.error}
          onRetry={students.reload}
          loading={<SkeletonList count={2} label={t`Loading students…`} />}
        >
          {students.data && (
            <FeeStudents
              fee={fee}
              currency={currency}
              rows={students.data.data}
              onChanged={() => {
                students.reload()
                onChanged()
              }}
            />
          )}
        </RemoteContent>
      </section>
      {editing && (
        <FeeFormDialog
          fee={fee}
          gradeOptions={gradeOptions}
          currency={currency}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false)
            students.reload()
            onChanged()
          }}
        />
      )}
      {dialog}
    </Dialog>
  )
}

export function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  )
}
