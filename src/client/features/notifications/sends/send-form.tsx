// /college-notifications/new-notification: a notification to the whole college, some grades or
// courses, or people chosen one by one; now or later; or an emergency alert that takes over every
// screen. A preview says how many it reaches before it goes.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { CalendarClock, Send, Siren } from 'lucide-react'
import { type FormEvent, useId, useMemo, useState } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import { v7 as uuidv7 } from 'uuid'
import {
  MAX_CHOSEN_PEOPLE,
  type NotificationScope,
  type NotificationSend,
  notificationSendSchema,
} from '#shared/notifications.schema.ts'
import { api } from '../../../platform/api.ts'
import { queryString } from '../../../platform/remote.ts'
import { useCollegeZone } from '../../../platform/use-college-zone.ts'
import { Button } from '../../../ui/button.tsx'
import { IdCheckboxes } from '../../../ui/checkbox.tsx'
import { useConfirm } from '../../../ui/confirm-dialog.tsx'
import { DateTimeField } from '../../../ui/date-field.tsx'
import { FormAlert } from '../../../ui/form-alert.tsx'
import { ButtonLink } from '../../../ui/link.tsx'
import { PageHeader } from '../../../ui/page-header.tsx'
import { PeoplePicker } from '../../../ui/people-picker.tsx'
import { Radio, RadioGroup } from '../../../ui/radio-group.tsx'
import { useServerForm } from '../../../ui/server-form.tsx'
import { Switch } from '../../../ui/switch.tsx'
import { TextArea } from '../../../ui/text-area.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { type GradeChoices, useGradeChoices } from '../../users/college-choices.ts'
import { BackToNotifications, useRoleName } from './send-parts.tsx'
import { type Audience, SendPreview, usePreview } from './send-preview.tsx'

/** A person as the people search answers. */
type Person = { id: number; name: string; email: string; role: string; role_name: string }

type Values = {
  id: string
  title: string
  content: string
  emergency: boolean
  /** Null: now. '' while "Later" has no time yet (the schema then asks for one). */
  send_at: string | null
  scope: NotificationScope
  grades: number[]
  courses: number[]
  users: number[]
}

const FIELDS = ['title', 'content', 'emergency', 'send_at', 'scope', 'grades', 'courses', 'users'] as const
const MAX_CONTENT = 2000

/** A sensible "later": the next whole hour at least half an hour away. */
function defaultLater(): string {
  const at = new Date(Date.now() + 90 * 60_000)
  at.setMinutes(0, 0, 0)
  return at.toISOString()
}

export function SendForm() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const zone = useCollegeZone()
  const choices = useGradeChoices()
  const roleName = useRoleName()
  const { confirm, dialog } = useConfirm()
  const id = useMemo(() => uuidv7(), [])
  const [when, setWhen] = useState<'now' | 'later'>('now')
  const [people, setPeople] = useState<Person[]>([])
  const form = useServerForm<Values, NotificationSend>({
    schema: notificationSendSchema,
    defaultValues: {
      id,
      title: '',
      content: '',
      emergency: false,
      send_at: null,
      scope: 'college',
      grades: [],
      courses: [],
      users: [],
    },
    fields: FIELDS,
    save: (values) => api.post('api/v1/college-notifications', { json: values }).json<NotificationSend>(),
    savedText: (send) =>
      send.emergency
        ? t`The emergency alert has been sent.`
        : send.sent_at
          ? t`The notification has been sent.`
          : t`The notification is scheduled.`,
    onSaved: (send) => void navigate({ to: '/college-notifications/$id', params: { id: send.id } }),
  })
  const { control, setValue, formState } = form
  const e = formState.errors
  const [scope, grades, courses, users, emergency, content] = useWatch({
    control,
    name: ['scope', 'grades', 'courses', 'users', 'emergency', 'content'],
  })
  const audience: Audience = { scope, grades, courses, users }
  const preview = usePreview(audience)
  const emergencyHint = useId()

  const setPeopleList = (next: Person[]) => {
    setPeople(next)
    setValue(
      'users',
      next.map((p) => p.id),
      { shouldDirty: true, shouldValidate: formState.isSubmitted },
    )
  }
  const chooseWhen = (next: 'now' | 'later') => {
    setWhen(next)
    setValue('send_at', next === 'later' ? defaultLater() : null, { shouldDirty: true })
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (form.getValues('emergency') && (await form.trigger())) {
      const count =
        preview.status === 'ready' && preview.matches(audience) ? preview.data.recipients : undefined
      const ok = await confirm({
        title:
          count === undefined
            ? t`Send an emergency alert?`
            : plural(count, {
                one: 'Send an emergency alert to # person?',
                other: 'Send an emergency alert to # people?',
              }),
        body: t`It takes over their screens at once, and it cannot be taken back.`,
        confirmLabel: t`Send emergency alert`,
        destructive: true,
      })
      if (!ok) return
    }
    await form.submit()
  }

  const later = !emergency && when === 'later'
  return (
    <>
      <PageHeader
        title={t`New notification`}
        description={t`A message on the phones of the people you choose.`}
        before={<BackToNotifications />}
      />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
        <FormAlert>{form.formError}</FormAlert>
        <div className="card flex flex-col gap-4 p-5 sm:p-6">
          <TextField label={t`Title`} maxLength={150} error={e.title?.message} {...form.register('title')} />
          <TextArea
            label={t`Message`}
            rows={5}
            maxLength={MAX_CONTENT}
            hint={t`Plain text. ${content.length} of ${MAX_CONTENT} characters.`}
            error={e.content?.message}
            {...form.register('content')}
          />
        </div>

        <section aria-labelledby="audience-heading" className="card flex flex-col gap-4 p-5 sm:p-6">
          <h2 id="audience-heading" className="text-lg font-semibold">
            <Trans>Who receives it</Trans>
          </h2>
          <Controller
            control={control}
            name="scope"
            render={({ field }) => (
              <RadioGroup
                label={t`Audience`}
                value={field.value}
                onChange={(value) => field.onChange(value as NotificationScope)}
                error={e.scope?.message}
                hint={
                  field.value === 'college'
                    ? t`Everyone active in the college.`
                    : field.value === 'users'
                      ? t`Only the people you add below.`
                      : t`Their students and the students' guardians.`
                }
              >
                <Radio value="college">
                  <Trans>Whole college</Trans>
                </Radio>
                <Radio value="grades">
                  <Trans>Grades</Trans>
                </Radio>
                <Radio value="courses">
                  <Trans>Courses</Trans>
                </Radio>
                <Radio value="users">
                  <Trans>Chosen people</Trans>
                </Radio>
              </RadioGroup>
            )}
          />
          {(scope === 'grades' || scope === 'courses') && (
            <ChoiceList
              choices={choices}
              kind={scope}
              value={scope === 'grades' ? grades : courses}
              onChange={(ids) =>
                setValue(scope, ids, { shouldDirty: true, shouldValidate: formState.isSubmitted })
              }
              error={(scope === 'grades' ? e.grades : e.courses)?.message}
            />
          )}
          {scope === 'users' && (
            <PeoplePicker
              chosen={people}
              max={MAX_CHOSEN_PEOPLE}
              searchUrl={(q) => `api/v1/college-notifications/people${queryString({ q })}`}
              describe={(p) => [roleName(p.role, p.role_name), p.email].filter(Boolean).join(' · ')}
              placeholder={t`Type a name, email or RUT`}
              limitHint={t`Up to ${MAX_CHOSEN_PEOPLE} people. For more, choose their grades or courses.`}
              fullHint={t`That is the most people one notification can name. For more, choose their grades or courses.`}
              onChange={setPeopleList}
              error={e.users?.message}
            />
          )}
          <SendPreview preview={preview} />
        </section>

        <div className="card flex flex-col gap-4 p-5 sm:p-6">
          <Controller
            control={control}
            name="emergency"
            render={({ field }) => (
              <div
                className={`flex flex-col gap-1 rounded-xl p-3 ring-1 ring-inset ${
                  field.value
                    ? 'bg-red-50 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-800 [&_[data-selected]>span:first-child]:bg-red-700'
                    : 'ring-slate-200 dark:ring-slate-700'
                }`}
              >
                <Switch
                  isSelected={field.value}
                  aria-describedby={emergencyHint}
                  onChange={(on) => {
                    field.onChange(on)
                    if (on) {
                      setWhen('now')
                      setValue('send_at', null, { shouldDirty: true })
                    }
                  }}
                >
                  <span className="inline-flex items-center gap-2 font-semibold">
                    <Siren aria-hidden="true" className="size-5" />
                    <Trans>Emergency alert</Trans>
                  </span>
                </Switch>
                <p
                  id={emergencyHint}
                  className={`text-sm ${field.value ? 'text-red-900 dark:text-red-100' : 'text-muted'}`}
                >
                  <Trans>
                    Takes over every screen until each person answers; families can say they are safe or need
                    help. Also mailed to people without notifications turned on.
                  </Trans>
                </p>
                {e.emergency?.message && (
                  <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
                    {e.emergency.message}
                  </p>
                )}
              </div>
            )}
          />
          {!emergency && (
            <div className="flex flex-col gap-3">
              <RadioGroup
                label={t`Send`}
                orientation="horizontal"
                value={when}
                onChange={(value) => chooseWhen(value as 'now' | 'later')}
                error={when === 'now' ? e.send_at?.message : undefined}
              >
                <Radio value="now">
                  <Trans>Now</Trans>
                </Radio>
                <Radio value="later">
                  <Trans>Later</Trans>
                </Radio>
              </RadioGroup>
              {later && (
                <Controller
                  control={control}
                  name="send_at"
                  render={({ field }) => (
                    <DateTimeField
                      label={t`Send on`}
                      value={field.value || null}
                      onChange={(value) => field.onChange(value ?? '')}
                      timeZone={zone}
                      error={e.send_at?.message}
                      className="sm:max-w-xs"
                    />
                  )}
                />
              )}
            </div>
          )}
        </div>

        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant={emergency ? 'danger' : 'primary'} busy={formState.isSubmitting}>
            {emergency ? (
              <>
                <Siren aria-hidden="true" className="size-4" />
                <Trans>Send emergency alert</Trans>
              </>
            ) : later ? (
              <>
                <CalendarClock aria-hidden="true" className="size-4" />
                <Trans>Schedule</Trans>
              </>
            ) : (
              <>
                <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                <Trans>Send now</Trans>
              </>
            )}
          </Button>
          <ButtonLink to="/college-notifications" variant="ghost">
            <Trans>Cancel</Trans>
          </ButtonLink>
        </div>
      </form>
      {dialog}
      {form.guard}
    </>
  )
}

/** The grades, or the courses named with their grade, as checkboxes. */
function ChoiceList({
  choices,
  kind,
  value,
  onChange,
  error,
}: {
  choices: GradeChoices
  kind: 'grades' | 'courses'
  value: number[]
  onChange: (ids: number[]) => void
  error?: string
}) {
  const { t } = useLingui()
  const { grades } = choices
  const options = kind === 'grades' ? choices.gradeOptions : choices.courseOptions
  const label = kind === 'grades' ? t`Grades` : t`Courses`
  if (!grades.data) {
    if (grades.status === 'loading')
      return (
        <p role="status" className="text-sm text-muted">
          {kind === 'grades' ? t`Loading grades…` : t`Loading courses…`}
        </p>
      )
    return (
      <FormAlert
        action={
          <Button variant="secondary" size="sm" className="self-start" onClick={grades.reload}>
            <Trans>Try again</Trans>
          </Button>
        }
      >
        {grades.status === 'offline'
          ? t`The grades and courses need a connection.`
          : (grades.error ?? t`The grades and courses could not be loaded.`)}
      </FormAlert>
    )
  }
  return (
    <IdCheckboxes
      label={label}
      options={options}
      value={value}
      onChange={onChange}
      error={error}
      hint={options.length === 0 ? t`Nothing to choose yet.` : undefined}
    />
  )
}
