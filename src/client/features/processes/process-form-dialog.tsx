// Creating and editing a process: its name, description, dates and courses (chosen by grade). A course
// taken out of a process loses its practices when saved, and the form says so before.
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useMemo, useRef } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import { v7 as uuidv7 } from 'uuid'
import { type Process, type ProcessInput, processInputSchema } from '#shared/processes.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { Checkbox, CheckboxGroup } from '../../ui/checkbox.tsx'
import { DateField } from '../../ui/date-field.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { createProcess, updateProcess } from './process-actions.ts'
import { processesView } from './process-queries.ts'

type Values = ProcessInput & { id: string }

const FIELDS = ['name', 'description', 'starts_on', 'ends_on', 'course_ids'] as const

export function ProcessFormDialog({
  process,
  onClose,
  onSaved,
}: {
  /** The process edited; a new one without it. */
  process?: Process
  onClose: () => void
  onSaved: (saved: Process) => void
}) {
  const { t } = useLingui()
  const today = todayIn(useCollegeZone())
  const view = useLocalQuery(processesView, [])
  const newId = useMemo(() => uuidv7(), [])
  // The version this edit started from; after a conflict, the one now shown.
  const base = useRef(process?.updated_at ?? '')
  const form = useServerForm<Values, Process>({
    schema: processInputSchema,
    defaultValues: process
      ? {
          id: process.id,
          name: process.name,
          description: process.description,
          starts_on: process.starts_on,
          ends_on: process.ends_on,
          course_ids: process.course_ids,
        }
      : { id: newId, name: '', description: '', starts_on: today, ends_on: '', course_ids: [] },
    fields: FIELDS,
    save: async (values) => {
      if (!process) return createProcess(values)
      try {
        return await updateProcess(
          values,
          base.current,
          t`Someone else changed this process while you were editing it. The page now shows their version: save again to replace it with yours, or cancel to keep theirs.`,
        )
      } catch (error) {
        // A conflict put the current copy in the mirror: saving again starts from it.
        const current = await localDb()?.processes.get(process.id)
        if (current) base.current = current.updated_at
        throw error
      }
    },
    savedText: process ? t`Changes saved.` : t`The process has been created.`,
    onSaved,
  })
  const e = form.formState.errors
  const chosen = useWatch({ control: form.control, name: 'course_ids' }) ?? []
  // Courses taken out that have practices: they go when this is saved.
  const losing = (process?.course_ids ?? [])
    .filter((id) => !chosen.includes(id))
    .map((id) => ({
      name: view?.courses.get(id)?.name ?? '',
      count: process?.schedules.filter((s) => s.course_id === id).length ?? 0,
    }))
    .filter((c) => c.count > 0)
  const grades = (view?.grades ?? [])
    .map((grade) => ({
      grade,
      courses: [...(view?.courses.values() ?? [])]
        .filter((c) => c.grade_id === grade.id)
        .sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .filter((g) => g.courses.length > 0)

  return (
    <FormDialog
      title={process ? t`Edit process` : t`New process`}
      submitLabel={process ? t`Save changes` : t`Create process`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => void form.submit(event)}
      size="lg"
    >
      {form.guard}
      <TextField
        label={t`Process name`}
        autoFocus
        maxLength={160}
        placeholder={t`Professional internship`}
        error={e.name?.message}
        {...form.register('name')}
      />
      <TextArea
        label={t`Description (optional)`}
        rows={3}
        maxLength={4000}
        error={e.description?.message}
        {...form.register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="starts_on"
          render={({ field }) => (
            <DateField
              label={t`Start date`}
              value={field.value ?? ''}
              onChange={field.onChange}
              error={e.starts_on?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="ends_on"
          render={({ field }) => (
            <DateField
              label={t`End date`}
              value={field.value ?? ''}
              onChange={field.onChange}
              error={e.ends_on?.message}
            />
          )}
        />
      </div>
      <Controller
        control={form.control}
        name="course_ids"
        render={({ field }) => (
          <CheckboxGroup
            label={t`Courses`}
            value={(field.value ?? []).map(String)}
            onChange={(keys) => field.onChange(keys.map(Number))}
            hint={t`The families of these courses see the process and their own course's practices.`}
            error={e.course_ids?.message}
          >
            <div className="flex flex-col gap-3">
              {grades.map(({ grade, courses }) => (
                <fieldset key={grade.id} className="min-w-0">
                  <legend className="text-sm font-semibold text-muted" dir="auto">
                    {grade.name}
                  </legend>
                  <div className="grid gap-x-4 sm:grid-cols-2">
                    {courses.map((c) => (
                      <Checkbox key={c.id} value={String(c.id)}>
                        {c.name}
                      </Checkbox>
                    ))}
                  </div>
                </fieldset>
              ))}
            </div>
          </CheckboxGroup>
        )}
      />
      {losing.length > 0 && (
        <FormAlert tone="warning">
          {losing
            .map(({ name, count }) =>
              plural(count, {
                one: `${name} leaves the process: its practice is deleted when you save.`,
                other: `${name} leaves the process: its # practices are deleted when you save.`,
              }),
            )
            .join(' ')}
        </FormAlert>
      )}
    </FormDialog>
  )
}
