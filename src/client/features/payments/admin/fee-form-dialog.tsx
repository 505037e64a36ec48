// Creating a fee (one, or a monthly series) and editing one; a fee with payments keeps its amount
// and grade, and the server's 422 says so on the field.

import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Controller } from 'react-hook-form'
import {
  FEE_SERIES_MONTHS,
  FEE_TYPES,
  type FeeInput,
  type FeeSummaryRow,
  feeInputSchema,
} from '#shared/payments.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { api } from '../../../platform/api.ts'
import { useCollegeZone } from '../../../platform/use-college-zone.ts'
import { DateField } from '../../../ui/date-field.tsx'
import { FormAlert } from '../../../ui/form-alert.tsx'
import { FormDialog } from '../../../ui/form-dialog.tsx'
import { Select, type SelectOption } from '../../../ui/select.tsx'
import { useServerForm } from '../../../ui/server-form.tsx'
import { Switch } from '../../../ui/switch.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { useFeeTypeLabels } from '../payment-labels.ts'
import { parseAmount, useMoney, WHOLE_SCHOOL } from './admin-kit.tsx'

export const FEE_FIELDS = [
  'concept',
  'type',
  'amount',
  'grade_id',
  'init_date',
  'end_date',
  'monthly',
] as const

export function FeeFormDialog({
  fee,
  gradeOptions,
  currency,
  onClose,
  onSaved,
}: {
  /** The fee edited; a new one without it. */
  fee?: FeeSummaryRow
  gradeOptions: SelectOption[]
  currency: string
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const typeLabels = useFeeTypeLabels()
  const today = todayIn(useCollegeZone())
  const form = useServerForm<FeeInput, FeeSummaryRow | { ids: number[] }>({
    schema: feeInputSchema,
    defaultValues: fee
      ? {
          concept: fee.concept,
          type: fee.type,
          amount: fee.amount,
          grade_id: fee.grade_id,
          init_date: fee.init_date,
          end_date: fee.end_date,
          monthly: false,
        }
      : { concept: '', type: 'tuition', grade_id: null, init_date: today, end_date: '', monthly: false },
    fields: FEE_FIELDS,
    save: (values) =>
      fee
        ? api
            .put(`api/v1/fees/${fee.id}`, {
              json: { ...values, monthly: false },
              headers: { 'If-Match': `"${fee.version}"` },
            })
            .json<FeeSummaryRow>()
        : api.post('api/v1/fees', { json: values }).json<{ ids: number[] }>(),
    savedText: (result) =>
      'ids' in result
        ? plural(result.ids.length, { one: 'The fee has been created.', other: '# fees have been created.' })
        : t`Changes saved.`,
    onSaved,
  })
  const e = form.formState.errors
  const amount = form.watch('amount')
  const monthly = form.watch('monthly')
  const validAmount = typeof amount === 'number' && Number.isInteger(amount) && amount > 0
  return (
    <FormDialog
      title={fee ? t`Edit fee` : t`New fee`}
      submitLabel={fee ? t`Save changes` : monthly ? t`Create ${FEE_SERIES_MONTHS} fees` : t`Create fee`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => void form.submit(event)}
    >
      {fee?.has_payments && (
        <FormAlert tone="info">
          {t`This fee already has payments: its amount and the grade it applies to can no longer change.`}
        </FormAlert>
      )}
      <TextField
        label={t`Concept`}
        autoFocus
        maxLength={120}
        placeholder={t`March tuition`}
        error={e.concept?.message}
        {...form.register('concept')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Select
              label={t`Type`}
              options={FEE_TYPES.map((type) => ({ id: type, name: typeLabels[type] }))}
              value={field.value ?? null}
              onChange={(key) => field.onChange(key ?? undefined)}
              error={e.type?.message}
            />
          )}
        />
        <TextField
          label={t`Amount`}
          inputMode="numeric"
          autoComplete="off"
          hint={validAmount ? t`Shown as ${money(amount, currency)}` : t`A whole number, without decimals.`}
          error={e.amount?.message}
          {...form.register('amount', { setValueAs: parseAmount })}
        />
      </div>
      <Controller
        control={form.control}
        name="grade_id"
        render={({ field }) => (
          <Select
            label={t`Applies to`}
            options={[
              { id: WHOLE_SCHOOL, name: t`Whole school` },
              ...gradeOptions.map((g) => ({ id: String(g.id), name: g.name })),
            ]}
            value={field.value == null ? WHOLE_SCHOOL : String(field.value)}
            onChange={(key) => field.onChange(key === WHOLE_SCHOOL || key === null ? null : Number(key))}
            hint={t`Every student of the grade, or of the whole school, owes it.`}
            error={e.grade_id?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="init_date"
          render={({ field }) => (
            <DateField
              label={t`Start date`}
              value={field.value ?? ''}
              onChange={field.onChange}
              error={e.init_date?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="end_date"
          render={({ field }) => (
            <DateField
              label={t`Due date`}
              value={field.value ?? ''}
              onChange={field.onChange}
              error={e.end_date?.message}
            />
          )}
        />
      </div>
      {!fee && (
        <Controller
          control={form.control}
          name="monthly"
          render={({ field }) => (
            <div className="flex flex-col">
              <Switch isSelected={Boolean(field.value)} onChange={field.onChange}>
                {t`Create as a monthly series (${FEE_SERIES_MONTHS} months)`}
              </Switch>
              <p className="text-sm text-muted">
                {t`One fee a month from the start date, each with its month in the concept and the same amount.`}
              </p>
            </div>
          )}
        />
      )}
    </FormDialog>
  )
}
