// A first and a last day side by side (a promotion's, a banner's), bound to a form's `starts_on` and
// `ends_on`; the schema checks that the last is not before the first and puts that on `ends_on`.
import { useLingui } from '@lingui/react/macro'
import { type Control, Controller, type FieldErrors } from 'react-hook-form'
import { DateField } from './date-field.tsx'

type DayRange = { starts_on: string; ends_on: string }

export function DayRangeFields<T extends DayRange>({
  control,
  errors,
  lastDayHint,
}: {
  control: Control<T>
  errors: FieldErrors<T>
  lastDayHint?: string
}) {
  const { t } = useLingui()
  // Every form that uses these fields holds both days.
  const days = control as unknown as Control<DayRange>
  const e = errors as FieldErrors<DayRange>
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Controller
        control={days}
        name="starts_on"
        render={({ field }) => (
          <DateField
            label={t`First day`}
            value={field.value ?? ''}
            onChange={field.onChange}
            error={e.starts_on?.message}
          />
        )}
      />
      <Controller
        control={days}
        name="ends_on"
        render={({ field }) => (
          <DateField
            label={t`Last day`}
            value={field.value ?? ''}
            onChange={field.onChange}
            hint={lastDayHint}
            error={e.ends_on?.message}
          />
        )}
      />
    </div>
  )
}
