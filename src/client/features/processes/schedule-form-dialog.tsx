// Adding and editing a practice of one of the process's courses: every week on a weekday, or on one
// date, between two times. The server checks it against every other practice of the course and says
// on the start time which one it clashes with.
import { useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { Controller } from 'react-hook-form'
import { v7 as uuidv7 } from 'uuid'
import type { Course } from '#shared/posts.schema.ts'
import {
  type PracticeSchedule,
  type Process,
  type ScheduleInput,
  scheduleInputSchema,
} from '#shared/processes.schema.ts'
import { DateField, TimeField } from '../../ui/date-field.tsx'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { Radio, RadioGroup } from '../../ui/radio-group.tsx'
import { Select } from '../../ui/select.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { saveSchedule } from './process-actions.ts'
import { useProcessFormat } from './process-format.ts'

type Values = ScheduleInput & { id: string }
type Repeats = 'weekly' | 'once'

const FIELDS = ['course_id', 'weekday', 'on_date', 'starts_at', 'ends_at', 'place', 'supervisor', 'notes']

export function ScheduleFormDialog({
  process,
  courses,
  schedule,
  courseId,
  onClose,
}: {
  process: Process
  /** The process's courses, in order. */
  courses: Course[]
  /** The practice edited; a new one without it. */
  schedule?: PracticeSchedule
  /** The course a new practice is for, when it was added from that course. */
  courseId?: number
  onClose: () => void
}) {
  const { t } = useLingui()
  const format = useProcessFormat()
  const newId = useMemo(() => uuidv7(), [])
  const [repeats, setRepeats] = useState<Repeats>(schedule?.on_date ? 'once' : 'weekly')
  const form = useServerForm<Values, Process>({
    schema: scheduleInputSchema,
    defaultValues: schedule
      ? { ...schedule }
      : {
          id: newId,
          course_id: courseId ?? (courses.length === 1 ? courses[0]!.id : undefined),
          weekday: null,
          on_date: null,
          starts_at: '',
          ends_at: '',
          place: '',
          supervisor: '',
          notes: '',
        },
    fields: FIELDS,
    save: (values) =>
      saveSchedule(
        process.id,
        values,
        t`Someone else changed this process at the same moment. Please save again.`,
      ),
    savedText: schedule ? t`Practice saved.` : t`Practice added.`,
    onSaved: onClose,
  })
  const e = form.formState.errors
  const choose = (next: Repeats) => {
    setRepeats(next)
    const options = { shouldDirty: true }
    if (next === 'weekly') form.setValue('on_date', null, options)
    else form.setValue('weekday', null, options)
    form.clearErrors(['weekday', 'on_date'])
  }
  // "Choose a day of the week or a date" belongs to whichever of the two is shown.
  const dayError = e.weekday?.message
  const from = format.day(process.starts_on)
  const to = format.day(process.ends_on)
  return (
    <FormDialog
      title={schedule ? t`Edit practice` : t`Add practice`}
      submitLabel={schedule ? t`Save changes` : t`Add practice`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => void form.submit(event)}
    >
      {form.guard}
      <Controller
        control={form.control}
        name="course_id"
        render={({ field }) => (
          <Select
            label={t`Course`}
            placeholder={t`Choose a course`}
            options={courses.map((c) => ({ id: String(c.id), name: c.name }))}
            value={field.value ? String(field.value) : null}
            onChange={(key) => field.onChange(key === null ? undefined : Number(key))}
            error={e.course_id?.message}
          />
        )}
      />
      <RadioGroup
        label={t`Repeats`}
        value={repeats}
        onChange={(value) => choose(value as Repeats)}
        orientation="horizontal"
      >
        <Radio value="weekly">{t`Every week`}</Radio>
        <Radio value="once">{t`On one date`}</Radio>
      </RadioGroup>
      {repeats === 'weekly' ? (
        <Controller
          control={form.control}
          name="weekday"
          render={({ field }) => (
            <Select
              label={t`Day of the week`}
              placeholder={t`Choose a day`}
              options={format.weekdays}
              value={field.value ? String(field.value) : null}
              onChange={(key) => field.onChange(key === null ? null : Number(key))}
              error={dayError}
            />
          )}
        />
      ) : (
        <Controller
          control={form.control}
          name="on_date"
          render={({ field }) => (
            <DateField
              label={t`Date`}
              value={field.value ?? ''}
              onChange={field.onChange}
              hint={t`Between ${from} and ${to}.`}
              error={e.on_date?.message ?? dayError}
            />
          )}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="starts_at"
          render={({ field }) => (
            <TimeField
              label={t`Starts at`}
              value={field.value ?? ''}
              onChange={field.onChange}
              error={e.starts_at?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="ends_at"
          render={({ field }) => (
            <TimeField
              label={t`Ends at`}
              value={field.value ?? ''}
              onChange={field.onChange}
              error={e.ends_at?.message}
            />
          )}
        />
      </div>
      <TextField
        label={t`Place (optional)`}
        maxLength={200}
        error={e.place?.message}
        {...form.register('place')}
      />
      <TextField
        label={t`Supervisor (optional)`}
        maxLength={160}
        error={e.supervisor?.message}
        {...form.register('supervisor')}
      />
      <TextArea
        label={t`Notes (optional)`}
        rows={2}
        maxLength={1000}
        error={e.notes?.message}
        {...form.register('notes')}
      />
    </FormDialog>
  )
}
