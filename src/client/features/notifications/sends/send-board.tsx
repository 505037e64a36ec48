// /college-notifications/{id}: one send's live board. Who needs help comes first, then who has not
// answered, then the rest; it refreshes itself every few seconds while the page is in view, so the
// school can call the families that need it during an emergency.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { BellRing, CalendarX, CloudOff, Mail, Phone, Siren } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import type {
  NotificationBoard,
  NotificationRecipient,
  NotificationSend,
} from '#shared/notifications.schema.ts'
import { api, errorMessageOf } from '../../../platform/api.ts'
import { useDateFormat } from '../../../platform/dates.ts'
import { onlineAtom } from '../../../platform/online.ts'
import { useRemote } from '../../../platform/remote.ts'
import { toast } from '../../../platform/toasts.ts'
import { AriaButton } from '../../../ui/aria-button.tsx'
import { Badge } from '../../../ui/badge.tsx'
import { buttonClass } from '../../../ui/button-styles.ts'
import { useConfirm } from '../../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { FormAlert } from '../../../ui/form-alert.tsx'
import { ButtonLink } from '../../../ui/link.tsx'
import { RemoteContent } from '../../../ui/list-status.tsx'
import { PageHeader } from '../../../ui/page-header.tsx'
import { SkeletonList } from '../../../ui/skeleton.tsx'
import { useCollegeChoices } from '../../users/college-choices.ts'
import {
  BackToNotifications,
  percentOf,
  RatioBar,
  sendState,
  useAnswerLabel,
  useAudienceLabel,
  useRoleName,
  useSendTime,
} from './send-parts.tsx'

const REFRESH_MS = 5000

export function SendBoardPage({ id }: { id: string }) {
  const { t } = useLingui()
  const valid = UUID_PATTERN.test(id)
  const board = useRemote<NotificationBoard>(
    valid ? `api/v1/college-notifications/${id.toLowerCase()}` : null,
  )
  const online = useAtomValue(onlineAtom)
  const [updatedAt, setUpdatedAt] = useState<Date>()
  const done = board.data ? sendState(board.data.send) === 'cancelled' : false
  const { reload } = board

  useEffect(() => {
    if (board.data) setUpdatedAt(new Date())
  }, [board.data])

  // Every few seconds while the page is in view and online; at once when it comes back into view.
  useEffect(() => {
    if (!valid || !online || done) return
    const visible = () => document.visibilityState === 'visible'
    const timer = setInterval(() => visible() && reload(), REFRESH_MS)
    const onVisibility = () => visible() && reload()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [valid, online, done, reload])

  if (!valid || (board.status === 'error' && !board.data))
    return (
      <EmptyState
        icon={BellRing}
        level={1}
        title={t`This notification is not in the list`}
        action={
          <ButtonLink to="/college-notifications" variant="secondary">
            <Trans>Back to notifications</Trans>
          </ButtonLink>
        }
      >
        {board.error}
      </EmptyState>
    )
  return (
    <RemoteContent
      status={board.data ? 'ready' : board.status}
      error={board.error}
      onRetry={board.reload}
      loading={<SkeletonList count={3} label={t`Loading…`} />}
    >
      {board.data && (
        <BoardView
          board={board.data}
          stale={board.status === 'offline' || board.status === 'error' ? board.status : undefined}
          updatedAt={updatedAt}
          onSendChange={(send) => board.data && board.set({ ...board.data, send })}
          onReload={reload}
        />
      )}
    </RemoteContent>
  )
}

function BoardView({
  board,
  stale,
  updatedAt,
  onSendChange,
  onReload,
}: {
  board: NotificationBoard
  /** The last refresh failed: the board shown is older. */
  stale: 'offline' | 'error' | undefined
  updatedAt: Date | undefined
  onSendChange: (send: NotificationSend) => void
  onReload: () => void
}) {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const format = useDateFormat()
  const audienceLabel = useAudienceLabel()
  const sendTime = useSendTime()
  const choices = useCollegeChoices()
  const roleName = useRoleName()
  const { send, counts, people } = board
  const named =
    send.scope === 'grades' ? choices.gradeOptions : send.scope === 'courses' ? choices.courseOptions : []
  const names = send.target_ids.map((id) => named.find((o) => o.id === id)?.name)
  const audience =
    names.length > 0 && names.length <= 3 && names.every(Boolean) ? names.join(', ') : audienceLabel(send)
  const state = sendState(send)
  const { confirm, dialog } = useConfirm()
  const [cancelling, setCancelling] = useState(false)
  const [cancelError, setCancelError] = useState<string>()

  const cancel = async () => {
    const when = format(send.send_at, 'dateTime')
    const ok = await confirm({
      title: t`Cancel this notification?`,
      body: t`It was going to be sent ${when}. Nobody will receive it.`,
      confirmLabel: t`Cancel sending`,
      cancelLabel: t`Keep it`,
      destructive: true,
    })
    if (!ok) return
    setCancelling(true)
    setCancelError(undefined)
    try {
      const saved = await api.post(`api/v1/college-notifications/${send.id}/cancel`).json<NotificationSend>()
      onSendChange(saved)
      toast(t`The notification will not be sent.`, 'success')
    } catch (error) {
      setCancelError(errorMessageOf(error) ?? t`That did not work. Check your connection and try again.`)
      onReload()
    } finally {
      setCancelling(false)
    }
  }

  const clock = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'medium' }).format(updatedAt ?? new Date())
  const sent = state === 'sent'
  return (
    <>
      <PageHeader
        before={<BackToNotifications />}
        title={<span dir="auto">{send.title}</span>}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {send.emergency && (
              <Badge tone="danger" icon={<Siren aria-hidden="true" className="size-3.5" />}>
                {t`Emergency`}
              </Badge>
            )}
            {state === 'cancelled' ? (
              <Badge tone="neutral">{sendTime(send)}</Badge>
            ) : (
              <span>{sendTime(send)}</span>
            )}
            <span>{t`By ${send.author}`}</span>
            <span>{t`For: ${audience}`}</span>
          </span>
        }
        actions={
          state === 'scheduled' && (
            <AriaButton variant="danger" isPending={cancelling} onPress={() => void cancel()}>
              <CalendarX aria-hidden="true" className="size-4" />
              {t`Cancel sending`}
            </AriaButton>
          )
        }
      />
      <FormAlert>{cancelError}</FormAlert>
      <article className="card p-5 sm:p-6">
        <p dir="auto" className="whitespace-pre-line">
          {send.content}
        </p>
      </article>

      {state === 'scheduled' || state === 'sending' ? (
        <FormAlert tone="info">
          {state === 'scheduled' ? (
            <Trans>
              It has not been sent yet: {sendTime(send)}. Who received it and their answers will show here.
            </Trans>
          ) : (
            <Trans>It is being sent. Who received it and their answers will show here in a moment.</Trans>
          )}
        </FormAlert>
      ) : state === 'cancelled' ? (
        <FormAlert tone="warning">
          <Trans>This notification was cancelled before it went: nobody received it.</Trans>
        </FormAlert>
      ) : null}

      {sent && (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted" data-testid="board-updated">
            {stale ? (
              <>
                <CloudOff aria-hidden="true" className="size-4" />
                {stale === 'offline'
                  ? t`Not updating: no connection. Last updated at ${clock}`
                  : t`Not updating: the server did not answer. Last updated at ${clock}`}
              </>
            ) : (
              t`Updated at ${clock}`
            )}
          </p>
          <Counters send={send} counts={counts} />
          {send.emergency ? (
            <>
              <PeopleSection
                id="help"
                title={t`Need help`}
                tone="danger"
                people={people.filter((p) => p.answer === 'help')}
                hideWhenEmpty
                roleName={roleName}
              />
              <PeopleSection
                id="waiting"
                title={t`Not answered yet`}
                people={people.filter((p) => !p.answer)}
                emptyText={t`Everyone has answered.`}
                roleName={roleName}
              />
              <PeopleSection
                id="answered"
                title={t`Answered`}
                people={people.filter((p) => p.answer && p.answer !== 'help')}
                emptyText={
                  people.some((p) => p.answer === 'help')
                    ? t`Only those who need help have answered so far.`
                    : t`Nobody has answered yet.`
                }
                roleName={roleName}
              />
            </>
          ) : (
            <>
              <PeopleSection
                id="unread"
                title={t`Not read yet`}
                people={people.filter((p) => !p.read_at)}
                emptyText={t`Everyone has read it.`}
                roleName={roleName}
              />
              <PeopleSection
                id="read"
                title={t`Read`}
                people={people.filter((p) => p.read_at)}
                emptyText={t`Nobody has read it yet.`}
                roleName={roleName}
              />
            </>
          )}
        </>
      )}
      {dialog}
    </>
  )
}

function Counters({ send, counts }: { send: NotificationSend; counts: NotificationBoard['counts'] }) {
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

function PeopleSection({
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
