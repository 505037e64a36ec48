import { useLingui } from '@lingui/react/macro'
import { Mail, Phone, Siren } from 'lucide-react'
import type { ReactNode } from 'react'
import type {
  NotificationBoard,
  NotificationRecipient,
  NotificationSend,
} from '#shared/notifications.schema.ts'
import { useDateFormat } from '../../../platform/dates.ts'
import { Badge } from '../../../ui/badge.tsx'
import { buttonClass } from '../../../ui/button-styles.ts'
import { percentOf, RatioBar, useAnswerLabel } from './send-parts.tsx'

export function Counters({ send, counts }: { send: NotificationSend; counts: NotificationBoard['counts'] }) {
  const { t } = useLingui()
  const main = send.emergency
    ? { part: counts.answered, label: t`Answered ${counts.answered} of ${counts.recipients}` }
    : { part: counts.read, label: t`Read by ${counts.read} of ${counts.recipients}` }
  const percent = percentOf(main.part, counts.recipients)
  return (
    <section
      aria-label={t`Counts`}
      className="card flex flex-col gap-4 p-5 sm:p-6"
      data-testid="board-counts"
    >
      <div className="flex flex-col gap-2">
        <p className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="text-xl font-bold tabular-nums" data-testid="board-progress">
            {main.label}
          </span>
          <span className="text-sm text-muted tabular-nums">{percent}%</span>
        </p>
        <RatioBar part={main.part} whole={counts.recipients} className="h-2.5" />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Counter label={t`Reached`} value={counts.recipients} />
        <Counter label={t`Read`} value={counts.read} />
        {send.emergency && (
          <>
            <Counter label={t`Answered`} value={counts.answered} />
            <Counter label={t`Safe`} value={counts.safe} tone="success" />
            <Counter label={t`Need help`} value={counts.help} tone={counts.help > 0 ? 'danger' : undefined} />
          </>
        )}
      </dl>
    </section>
  )
}

function Counter({ label, value, tone }: { label: string; value: number; tone?: 'danger' | 'success' }) {
  const box =
    tone === 'danger'
      ? 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800'
      : tone === 'success'
        ? 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800'
        : 'bg-slate-50 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700'
  return (
    <div className={`flex flex-col-reverse gap-0.5 rounded-xl p-3 ring-1 ring-inset ${box}`}>
      <dt className="text-sm">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  )
}

export function PeopleSection({
  id,
  title,
  people,
  tone,
  emptyText,
  hideWhenEmpty,
  roleName,
}: {
  id: string
  title: string
  people: NotificationRecipient[]
  roleName: (key: string, name: string) => string
  tone?: 'danger'
  emptyText?: string
  hideWhenEmpty?: boolean
}) {
  if (hideWhenEmpty && people.length === 0) return null
  const headingId = `board-${id}`
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`board-${id}`}
      className={`flex flex-col gap-3 ${
        tone === 'danger'
          ? 'rounded-2xl bg-red-50 p-3 ring-1 ring-red-200 ring-inset sm:p-4 dark:bg-red-950 dark:ring-red-800'
          : ''
      }`}
    >
      <h2
        id={headingId}
        className={`flex items-center gap-2 text-lg font-semibold ${tone === 'danger' ? 'text-red-800 dark:text-red-200' : ''}`}
      >
        {tone === 'danger' && <Siren aria-hidden="true" className="size-5" />}
        {title}
        <span className="text-base font-normal text-muted tabular-nums">({people.length})</span>
      </h2>
      {people.length === 0 ? (
        <p className="text-muted">{emptyText}</p>
      ) : (
        <ul className="card flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {people.map((person) => (
            <PersonRow key={person.user_id} person={person} roleName={roleName} />
          ))}
        </ul>
      )}
    </section>
  )
}

function PersonRow({
  person,
  roleName,
}: {
  person: NotificationRecipient
  roleName: (key: string, name: string) => string
}) {
  const { t } = useLingui()
  const format = useDateFormat()
  const answerLabel = useAnswerLabel()
  const time = person.answered_at ?? person.read_at
  let status: ReactNode
  if (person.answer) {
    const at = person.answered_at ? format(person.answered_at, 'dateTime') : ''
    status = (
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone={person.answer === 'help' ? 'danger' : person.answer === 'safe' ? 'success' : 'neutral'}>
          {answerLabel(person.answer)}
        </Badge>
        {at && <span className="text-sm text-muted">{at}</span>}
      </span>
    )
  } else if (person.read_at && time) {
    const at = format(time, 'dateTime')
    status = <span className="text-sm text-muted">{t`Read ${at}`}</span>
  } else {
    status = <span className="text-sm text-muted">{t`Not read yet`}</span>
  }
  const phone = person.phone.replace(/\s/g, '')
  return (
    <li
      className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="board-person"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span dir="auto" className="font-medium">
            {person.name}
          </span>
          <span className="text-sm text-muted">{roleName(person.role, person.role_name)}</span>
        </span>
        {status}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {phone && (
          <a href={`tel:${phone}`} className={buttonClass('secondary', 'sm', 'max-w-full')}>
            <Phone aria-hidden="true" className="size-4" />
            <span>{t`Call`}</span>
            <span dir="ltr" className="truncate text-muted">
              {person.phone}
            </span>
          </a>
        )}
        {person.email && (
          <a
            className="link inline-flex min-h-9 max-w-full items-center gap-1.5 text-sm"
            href={`mailto:${person.email}`}
          >
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{person.email}</span>
          </a>
        )}
      </div>
    </li>
  )
}
