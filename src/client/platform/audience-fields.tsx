// Who a post or an event is for: grades, then courses (only those of the chosen grades), from the
// mirror, so the choice works offline.
import { useLingui } from '@lingui/react/macro'
import { type Control, Controller, type FieldValues, type Path, useWatch } from 'react-hook-form'
import { ALL, type Target } from '#shared/audience.schema.ts'
import { TargetPicker } from '../ui/target-picker.tsx'
import { useLocalQuery } from './sync/use-local-query.ts'

type Message = { message?: string } | undefined

export function AudienceFields<V extends FieldValues>({
  control,
  errors,
}: {
  control: Control<V>
  errors: { grades?: Message; courses?: Message }
}) {
  const { t } = useLingui()
  const grades = useLocalQuery((db) => db.grades.orderBy('position').toArray(), [], [])
  const courses = useLocalQuery((db) => db.courses.toArray(), [], [])
  const chosenGrades = (useWatch({ control, name: 'grades' as Path<V> }) ?? []) as Target[]
  const courseOptions = (courses ?? []).filter(
    (c) => chosenGrades.includes(ALL) || chosenGrades.length === 0 || chosenGrades.includes(c.grade_id),
  )
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Controller
        control={control}
        name={'grades' as Path<V>}
        render={({ field }) => (
          <TargetPicker
            legend={t`Grades`}
            allLabel={t`All grades`}
            options={grades ?? []}
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.grades?.message}
          />
        )}
      />
      <Controller
        control={control}
        name={'courses' as Path<V>}
        render={({ field }) => (
          <TargetPicker
            legend={t`Courses`}
            allLabel={t`All courses`}
            options={courseOptions}
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.courses?.message}
          />
        )}
      />
    </div>
  )
}
