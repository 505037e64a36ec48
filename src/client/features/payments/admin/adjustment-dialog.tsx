// A discount or an exemption for one student, recorded with its reason rather than by editing amounts.
import { useLingui } from '@lingui/react/macro'
import { Controller } from 'react-hook-form'
import * as v from 'valibot'
import { adjustmentInputSchema, type FeeStudentRow, type FeeSummaryRow } from '#shared/payments.schema.ts'
import { api } from '../../../platform/api.ts'
import { FormDialog } from '../../../ui/form-dialog.tsx'
import { Radio, RadioGroup } from '../../../ui/radio-group.tsx'
import { useServerForm } from '../../../ui/server-form.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { parseAmount, useMoney } from './admin-kit.tsx'

export const adjustmentBodySchema = v.omit(adjustmentInputSchema, ['student_id'])
export type AdjustmentValues = v.InferInput<typeof adjustmentBodySchema>

export function AdjustmentDialog({
  fee,
  student,
  currency,
  onClose,
  onSaved,
}: {
  fee: FeeSummaryRow
  student: FeeStudentRow
  currency: string
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const current = student.adjustment
  const form = useServerForm<AdjustmentValues, null>({
    schema: adjustmentBodySchema,
    defaultValues: {
      kind: current?.kind ?? 'discount',
      discount: current?.kind === 'discount' ? current.discount : undefined,
      reason: current?.reason ?? '',
    },
    fields: ['kind', 'discount', 'reason'],
    save: async (values) => {
      await api.put(`api/v1/fees/${fee.id}/adjustments/${student.student_id}`, {
        json: { ...values, discount: values.kind === 'exemption' ? 0 : values.discount },
      })
      return null
    },
    savedText: t`The adjustment has been saved.`,
    onSaved,
  })
  const e = form.formState.errors
  const kind = form.watch('kind')
  const discount = form.watch('discount')
  const left =
    typeof discount === 'number' && Number.isInteger(discount) && discount > 0 && discount < fee.amount
      ? fee.amount - discount
      : undefined
  return (
    <FormDialog
      title={t`Discount or exemption`}
      submitLabel={t`Save`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => void form.submit(event)}
      size="md"
    >
      <p>
        <span dir="auto" className="font-medium">
          {student.name}
        </span>{' '}
        · <span dir="auto">{fee.concept}</span> · {money(fee.amount, currency)}
      </p>
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <RadioGroup
            label={t`Kind`}
            value={field.value ?? 'discount'}
            onChange={(value) => {
              field.onChange(value)
              if (value === 'exemption') {
                form.setValue('discount', undefined)
                form.clearErrors('discount')
              }
            }}
            error={e.kind?.message}
          >
            <Radio value="discount">{t`Discount: part of the amount`}</Radio>
            <Radio value="exemption">{t`Exemption: nothing to pay`}</Radio>
          </RadioGroup>
        )}
      />
      {kind === 'discount' && (
        <TextField
          label={t`Discount amount`}
          inputMode="numeric"
          autoComplete="off"
          hint={
            left !== undefined
              ? t`${student.name} will owe ${money(left, currency)}.`
              : t`Less than the fee’s amount (${money(fee.amount, currency)}).`
          }
          error={e.discount?.message}
          {...form.register('discount', { setValueAs: parseAmount })}
        />
      )}
      <TextField
        label={t`Reason`}
        maxLength={200}
        placeholder={t`Scholarship, sibling discount…`}
        hint={t`The family sees it beside the fee.`}
        error={e.reason?.message}
        {...form.register('reason')}
      />
    </FormDialog>
  )
}
