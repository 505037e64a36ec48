// /college-notifications/{id}: one send's live board. Who needs help comes first, then who has not
// answered, then the rest; it refreshes itself every few seconds while the page is in view, so the
// school can call the families that need it during an emergency.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { BellRing, CalendarX, CloudOff, Siren } from 'lucide-react'
import { useEffect, useState } from 'react'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import type { NotificationBoard, NotificationSend } from '#shared/notifications.schema.ts'
import { api, errorMessageOf } from '../../../platform/api.ts'
import { useDateFormat } from '../../../platform/dates.ts'
import { onlineAtom } from '../../../platform/online.ts'
import { useRemote } from '../../../platform/remote.ts'
import { toast } from '../../../platform/toasts.ts'
import { AriaButton } from '../../../ui/aria-button.tsx'
import { Badge } from '../../../ui/badge.tsx'
import { useConfirm } from '../../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { FormAlert } from '../../../ui/form-alert.tsx'
import { ButtonLink } from '../../../ui/link.tsx'
import { RemoteContent } from '../../../ui/list-status.tsx'
import { PageHeader } from '../../../ui/page-header.tsx'
import { SkeletonList } from '../../../ui/skeleton.tsx'
import { useGradeChoices } from '../../users/college-choices.ts'
import { Counters, PeopleSection } from './board-sections.tsx'
import { BackToNotifications, sendState, useAudienceLabel, useRoleName, useSendTime } from './send-parts.tsx'

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
  const choices = useGradeChoices()
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
                emptyText={t({ message: 'Everyone has read it.', context: 'notification' })}
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
