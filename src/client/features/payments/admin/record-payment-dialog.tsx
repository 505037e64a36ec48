// A payment taken at the office (cash or a bank transfer) for a student who still owes a fee.

import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { Controller } from 'react-hook-form'
import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import {
  type AdminPayment,
  type FeeStudentRow,
  type FeeSummaryRow,
  type ManualPaymentInput,
  manualPaymentSchema,
} from '#shared/payments.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { api } from '../../../platform/api.ts'
import { useRemote } from '../../../platform/remote.ts'
import { useCollegeZone } from '../../../platform/use-college-zone.ts'
import { AriaButton } from '../../../ui/aria-button.tsx'
import { ComboBox } from '../../../ui/combobox.tsx'
import { DateField } from '../../../ui/date-field.tsx'
import { FormAlert } from '../../../ui/form-alert.tsx'
import { FormDialog } from '../../../ui/form-dialog.tsx'
import { Radio, RadioGroup } from '../../../ui/radio-group.tsx'
import { Select } from '../../../ui/select.tsx'
import { useServerForm } from '../../../ui/server-form.tsx'
import { Skeleton } from '../../../ui/skeleton.tsx'
import { TextArea } from '../../../ui/text-area.tsx'
import { feeName, useCollegeCurrency, useMoney } from './admin-kit.tsx'

export type RecordValues = ManualPaymentInput & { note: string }

export function RecordPaymentDialog({
  fees,
  feesFailed,
  initialFee,
  onClose,
  onSaved,
}: {
  fees: FeeSummaryRow[] | undefined
  feesFailed: boolean
  initialFee: number | undefined
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useLingui()
  const today = todayIn(useCollegeZone())
  const currency = useCollegeCurrency()
  const [id] = useState(() => uuidv7())
  const schema = useMemo(() => {
    const chooseFee = t`Please choose a fee.`
    const chooseStudent = t`Please choose a student.`
    const e = manualPaymentSchema.entries
    return v.object({
      ...e,
      fee_id: v.pipe(v.number(chooseFee), v.integer(chooseFee), v.minValue(1, chooseFee)),
      student_id: v.pipe(v.number(chooseStudent), v.integer(chooseStudent), v.minValue(1, chooseStudent)),
      paid_on: v.pipe(
        e.paid_on,
        v.check((day) => day <= today, translate(messages.paidOnFuture)),
      ),
    })
  }, [t, today])
  const form = useServerForm<RecordValues, AdminPayment>({
    schema,
    defaultValues: {
      id,
      fee_id: fees?.some((f) => f.id === initialFee) ? initialFee : 0,
      student_id: 0,
      method: 'cash',
      paid_on: today,
      note: '',
    },
    fields: ['fee_id', 'student_id', 'method', 'paid_on', 'note'],
    save: (values) => api.post('api/v1/payments', { json: values }).json<AdminPayment>(),
    savedText: (payment) => t`Payment ${payment.code} has been recorded.`,
    onSaved,
  })
  const e = form.formState.errors
  const feeId = form.watch('fee_id')
  const fee = fees?.find((f) => f.id === feeId)
  return (
    <FormDialog
      title={t`Record payment`}
      submitLabel={t`Record payment`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => void form.submit(event)}
    >
      <p className="text-muted">
        <Trans>
          A payment made at the school office, in cash or by bank transfer. It counts as paid at once and the
          family can download its receipt.
        </Trans>
      </p>
      {feesFailed && !fees && (
        <FormAlert>{t`The fees could not be loaded. Check your connection and try again.`}</FormAlert>
      )}
      <Controller
        control={form.control}
        name="fee_id"
        render={({ field }) => (
          <Select
            label={t`Fee`}
            placeholder={fees ? t`Choose a fee` : t`Loading fees…`}
            isDisabled={!fees}
            options={(fees ?? []).map((f) => ({ id: f.id, name: feeName(f, t`Whole school`) }))}
            value={field.value || null}
            onChange={(key) => {
              field.onChange(key === null ? 0 : Number(key))
              form.setValue('student_id', 0)
            }}
            error={e.fee_id?.message}
          />
        )}
      />
      {fee && (
        <Controller
          control={form.control}
          name="student_id"
          render={({ field }) => (
            <StudentChoice
              key={fee.id}
              fee={fee}
              currency={currency}
              value={field.value || null}
              onChange={(studentId) => field.onChange(studentId ?? 0)}
              error={e.student_id?.message}
            />
          )}
        />
      )}
      <Controller
        control={form.control}
        name="method"
        render={({ field }) => (
          <RadioGroup
            label={t`Method`}
            orientation="horizontal"
            value={field.value ?? 'cash'}
            onChange={field.onChange}
            error={e.method?.message}
          >
            <Radio value="cash">{t`Cash`}</Radio>
            <Radio value="transfer">{t`Bank transfer`}</Radio>
          </RadioGroup>
        )}
      />
      <Controller
        control={form.control}
        name="paid_on"
        render={({ field }) => (
          <DateField
            label={t`Paid on`}
            value={field.value ?? ''}
            onChange={field.onChange}
            hint={t`Today, or an earlier day.`}
            error={e.paid_on?.message}
          />
        )}
      />
      <TextArea
        label={t`Note`}
        rows={2}
        maxLength={300}
        placeholder={t`Transfer number, who brought the money…`}
        error={e.note?.message}
        {...form.register('note')}
      />
    </FormDialog>
  )
}

/** The students of the fee who still owe it and have no payment under way or done. */
export function StudentChoice({
  fee,
  currency,
  value,
  onChange,
  error,
}: {
  fee: FeeSummaryRow
  currency: string
  value: number | null
  onChange: (studentId: number | null) => void
  error?: string
}) {
  const { t } = useLingui()
  const money = useMoney()
  const students = useRemote<{ data: FeeStudentRow[] }>(`api/v1/fees/${fee.id}/students`)
  if (!students.data) {
    if (students.status === 'loading')
      return (
        <div role="status" aria-label={t`Loading students…`} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-11 w-full" />
        </div>
      )
    return (
      <FormAlert
        action={
          <AriaButton size="sm" variant="secondary" onPress={students.reload}>
            {t`Try again`}
          </AriaButton>
        }
      >
        {students.status === 'offline'
          ? t`The students need a connection. Try again when you are online.`
          : (students.error ?? t`The students could not be loaded.`)}
      </FormAlert>
    )
  }
  const owing = students.data.data.filter(
    (s) => s.due > 0 && (s.payment === null || s.payment.status === 'refunded'),
  )
  if (owing.length === 0)
    return (
      <FormAlert tone="info">
        {t`Every student of this fee has paid it, has a payment under way, or is exempt.`}
      </FormAlert>
    )
  const chosen = owing.find((s) => s.student_id === value)
  return (
    <div className="flex flex-col gap-2">
      <ComboBox
        label={t`Student`}
        placeholder={t`Type a name`}
        emptyText={t`No student who owes this fee has that name.`}
        options={owing.map((s) => ({
          id: s.student_id,
          name: `${s.name} · ${s.course_name} · ${money(s.due, currency)}`,
        }))}
        value={value}
        onChange={(key) => onChange(key === null ? null : Number(key))}
        hint={t`Only students who still owe this fee are listed.`}
        error={error}
      />
      {chosen && (
        <p className="font-medium">
          {t`Amount to record: ${money(chosen.due, currency)}`}
          {chosen.adjustment && (
            <span className="text-sm font-normal text-muted">
              {' '}
              ({chosen.adjustment.kind === 'exemption' ? t`Exemption` : t`Discount`})
            </span>
          )}
        </p>
      )}
    </div>
  )
}
