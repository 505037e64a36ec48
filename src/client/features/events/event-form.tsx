// Creating and editing an event: the shared schema checks it here and on the server; it is saved on
// the device and sent when the connection allows (a refusal comes back here from the outbox).
import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { Tags } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { v7 as uuidv7 } from 'uuid'
import { ALL } from '#shared/audience.schema.ts'
import { type EventInput, eventInputSchema } from '#shared/events.schema.ts'
import { addDays, todayIn, wallClock, zonedToUtc } from '#shared/time-zones.ts'
import { AudienceFields } from '../../platform/audience-fields.tsx'
import { clearingFirst } from '../../platform/form-errors.ts'
import { userAtom } from '../../platform/session.ts'
import type { OutboxItem } from '../../platform/sync/outbox-types.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { DateField, DateTimeField } from '../../ui/date-field.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { LeaveGuard } from '../../ui/leave-guard.tsx'
import { Select } from '../../ui/select.tsx'
import { Switch } from '../../ui/switch.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { discardEventWrite, resendEventDraft, saveEvent } from './event-actions.ts'
import { EventCategoriesDialog } from './event-categories-dialog.tsx'

type Values = EventInput & { id: string }

/** Tomorrow at 9:00 to 10:00 in the college's zone: a sensible start for a new event. */
function defaultTimes(zone: string) {
  const day = addDays(todayIn(zone), 1)
  return { starts_at: zonedToUtc(`${day}T09:00`, zone), ends_at: zonedToUtc(`${day}T10:00`, zone) }
}

/** Switching all day on and off keeps the days the user chose. */
function toggleAllDay(values: Pick<Values, 'starts_at' | 'ends_at'>, allDay: boolean, zone: string) {
  const day = (value: string | undefined) =>
    value && value.length > 10 ? wallClock(value, zone).slice(0, 10) : value
  if (allDay) return { starts_at: day(values.starts_at) ?? '', ends_at: day(values.ends_at) ?? '' }
  const start = day(values.starts_at) || addDays(todayIn(zone), 1)
  const end = day(values.ends_at) || start
  return { starts_at: zonedToUtc(`${start}T09:00`, zone), ends_at: zonedToUtc(`${end}T10:00`, zone) }
}

export function EventForm({ editId, draftSeq }: { editId?: string; draftSeq?: number }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const zone = useCollegeZone()
  const { confirm, dialog } = useConfirm()
  const saved = useRef(false)
  const [formError, setFormError] = useState<string>()
  const [managing, setManaging] = useState(false)
  const existing = useLocalQuery(
    (db) => (editId ? db.events.get(editId) : Promise.resolve(undefined)),
    [editId],
  )
  const draft = useLocalQuery(
    (db) => (draftSeq ? db.outbox.get(draftSeq) : Promise.resolve(undefined)),
    [draftSeq],
  ) as OutboxItem | undefined
  const categories = useLocalQuery(
    async (db) => (await db.event_categories.toArray()).sort((a, b) => a.name.localeCompare(b.name)),
    [],
    [],
  )
  const newId = useMemo(() => uuidv7(), [])

  const { control, register, handleSubmit, reset, setError, setValue, getValues, watch, formState } =
    useForm<Values>({
      resolver: valibotResolver(eventInputSchema) as never,
      defaultValues: {
        id: newId,
        name: '',
        description: '',
        location: '',
        all_day: false,
        ...defaultTimes(zone),
        category_id: null,
        grades: [ALL],
        courses: [ALL],
      },
    })

  useEffect(() => {
    const source = (draft?.body as Values | undefined) ?? existing
    if (!source) return
    reset({
      id: source.id,
      name: source.name,
      description: source.description ?? '',
      location: source.location ?? '',
      all_day: source.all_day ?? false,
      starts_at: source.starts_at,
      ends_at: source.ends_at,
      category_id: source.category_id ?? null,
      grades: source.grades ?? [],
      courses: source.courses ?? [],
    })
    for (const [field, list] of Object.entries(draft?.errors ?? {})) {
      setError(field as keyof Values, { type: 'server', message: list[0] })
    }
    if (draft?.message && !draft.errors) setFormError(draft.message)
  }, [draft, existing, reset, setError])

  const allDay = watch('all_day') ?? false

  const submit = handleSubmit(async (values) => {
    if (!user) return
    try {
      if (draft?.seq) await resendEventDraft(draft.seq, values)
      else await saveEvent(values, user, existing)
      saved.current = true
      await navigate({ to: '/events', search: { event: values.id } })
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error))
    }
  })

  const discard = async () => {
    if (!draft?.seq) return
    const ok = await confirm({
      title: t`Discard this event?`,
      body: t`What you wrote will be lost.`,
      confirmLabel: t`Discard`,
      destructive: true,
    })
    if (!ok) return
    saved.current = true
    await discardEventWrite(draft.seq)
    await navigate({ to: '/events' })
  }

  const e = formState.errors
  const dateInput = (name: 'starts_at' | 'ends_at', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) =>
        allDay ? (
          <DateField
            label={label}
            value={field.value ?? ''}
            onChange={field.onChange}
            error={e[name]?.message}
          />
        ) : (
          <DateTimeField
            label={label}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            timeZone={zone}
            error={e[name]?.message}
          />
        )
      }
    />
  )
  return (
    <>
      <form
        onSubmit={clearingFirst(() => setFormError(undefined), submit)}
        noValidate
        className="flex flex-col gap-6"
      >
        <LeaveGuard when={() => !saved.current && formState.isDirty} />
        {draft && (
          <FormAlert tone={draft.state === 'conflict' ? 'warning' : undefined}>
            {draft.state === 'conflict' ? (
              <Trans>
                Someone else changed this event while your change was waiting. What you send now replaces it.
              </Trans>
            ) : (
              <Trans>
                The server could not save this event. Fix what is marked and send it again, or discard it.
              </Trans>
            )}
          </FormAlert>
        )}
        <FormAlert>{formError}</FormAlert>
        <div className="card flex flex-col gap-5 p-5 sm:p-6">
          <TextField label={t`Name`} error={e.name?.message} {...register('name')} />
          <Controller
            control={control}
            name="all_day"
            render={({ field }) => (
              <Switch
                isSelected={field.value ?? false}
                onChange={(on) => {
                  const times = toggleAllDay(getValues(), on, zone)
                  field.onChange(on)
                  setValue('starts_at', times.starts_at, { shouldDirty: true })
                  setValue('ends_at', times.ends_at, { shouldDirty: true })
                }}
              >
                <Trans>All day</Trans>
              </Switch>
            )}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            {dateInput('starts_at', t`Starts`)}
            {dateInput('ends_at', t`Ends`)}
          </div>
          <TextField label={t`Place`} error={e.location?.message} {...register('location')} />
          <TextArea label={t`Description`} error={e.description?.message} {...register('description')} />
        </div>
        <div className="card flex flex-col gap-5 p-5 sm:p-6">
          <h2 className="text-lg font-semibold">
            <Trans>Who it is for</Trans>
          </h2>
          <AudienceFields control={control} errors={e} />
          <Controller
            control={control}
            name="category_id"
            render={({ field }) => (
              <Select
                label={t`Category`}
                placeholder={t`No category`}
                options={[{ id: 'none', name: t`No category` }, ...(categories ?? [])]}
                value={field.value ?? 'none'}
                onChange={(key) => field.onChange(key === 'none' || key === null ? null : Number(key))}
                error={e.category_id?.message}
                action={
                  <AriaButton variant="secondary" onPress={() => setManaging(true)}>
                    <Tags aria-hidden="true" className="size-4" />
                    <span className="hidden sm:inline">{t`Categories`}</span>
                    <span className="sr-only sm:hidden">{t`Categories`}</span>
                  </AriaButton>
                }
              />
            )}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <AriaButton type="submit" isPending={formState.isSubmitting}>
            {draft ? <Trans>Send again</Trans> : <Trans>Save event</Trans>}
          </AriaButton>
          {draft && (
            <AriaButton variant="danger" onPress={() => void discard()}>
              <Trans>Discard</Trans>
            </AriaButton>
          )}
        </div>
        {dialog}
      </form>
      {/* Beside the form, not in it: its own form's submit would bubble (through the portal) into this one. */}
      {managing && <EventCategoriesDialog onClose={() => setManaging(false)} />}
    </>
  )
}
