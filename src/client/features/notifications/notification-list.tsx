// A person's notifications: each opens in place (and is marked read, offline too); an emergency shows
// what they answered, or lets them answer.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Bell, ChevronDown, Siren } from 'lucide-react'
import type { Notification } from '#shared/api-types.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { userAtom } from '../../platform/session.ts'
import { Badge } from '../../ui/badge.tsx'
import { Button } from '../../ui/button.tsx'
import { SkeletonRow } from '../../ui/skeleton.tsx'
import { answerLabel } from './answer-labels.ts'
import { answerNotification, markNotificationRead } from './notification-actions.ts'

export function NotificationList({
  notifications,
  openId,
  onOpen,
  pending = 0,
}: {
  notifications: Notification[]
  openId?: string
  /** Told when the person opens one (before it is marked read). */
  onOpen?: (id: string) => void
  /** Rows still to come (a first sync): held in place so the page below does not jump. */
  pending?: number
}) {
  return (
    <ul className="card divide-y divide-slate-100 dark:divide-slate-800" aria-busy={pending > 0 || undefined}>
      {notifications.map((n) => (
        <li key={n.id}>
          <NotificationItem notification={n} open={n.id === openId} onOpen={onOpen} />
        </li>
      ))}
      {Array.from({ length: pending }, (_, i) => (
        <li key={`pending-${i}`} aria-hidden="true">
          <SkeletonRow />
        </li>
      ))}
    </ul>
  )
}

function NotificationItem({
  notification: n,
  open,
  onOpen,
}: {
  notification: Notification
  open: boolean
  onOpen?: (id: string) => void
}) {
  const { t, i18n } = useLingui()
  const format = useDateFormat()
  const family = useAtomValue(userAtom)?.role === 'guardian'
  return (
    <details
      className="group"
      open={open || undefined}
      data-notification={n.id}
      onToggle={(e) => {
        if (!e.currentTarget.open) return
        onOpen?.(n.id)
        void markNotificationRead(n.id)
      }}
    >
      <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 px-4 py-3 [&::-webkit-details-marker]:hidden">
        <span
          className={`flex size-9 shrink-0 items-center justify-center rounded-full ${n.emergency ? 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300' : 'bg-brand-soft text-brand-ink'}`}
        >
          {n.emergency ? (
            <Siren aria-hidden="true" className="size-5" />
          ) : (
            <Bell aria-hidden="true" className="size-5" />
          )}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span dir="auto" className={`truncate ${n.read_at ? '' : 'font-semibold'}`}>
            {n.emergency && <span className="sr-only">{t`Emergency:`} </span>}
            {n.title}
          </span>
          <time dateTime={n.created_at} className="text-sm text-muted">
            {format(n.created_at, 'dateTime')}
          </time>
        </span>
        {!n.read_at && (
          <span className="size-2.5 shrink-0 rounded-full bg-brand">
            <span className="sr-only">{t`unread`}</span>
          </span>
        )}
        <ChevronDown
          aria-hidden="true"
          className="size-4 shrink-0 text-muted transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="flex flex-col gap-3 px-4 pb-4 ps-16">
        <p dir="auto" className="whitespace-pre-line text-slate-700 dark:text-slate-300">
          {n.content}
        </p>
        {n.emergency && n.answer && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge tone={n.answer === 'help' ? 'danger' : 'success'}>{answerLabel(i18n, n.answer)}</Badge>
            {n.answered_at && <Trans>Answered {format(n.answered_at, 'dateTime')}</Trans>}
          </p>
        )}
        {n.emergency && !n.answer && (
          <div className="flex flex-wrap gap-2">
            {family && (
              <>
                <Button size="sm" onClick={() => void answerNotification(n.id, 'safe')}>
                  {answerLabel(i18n, 'safe')}
                </Button>
                <Button size="sm" variant="danger" onClick={() => void answerNotification(n.id, 'help')}>
                  {answerLabel(i18n, 'help')}
                </Button>
              </>
            )}
            <Button size="sm" variant="secondary" onClick={() => void answerNotification(n.id, 'read')}>
              {answerLabel(i18n, 'read')}
            </Button>
          </div>
        )}
      </div>
    </details>
  )
}
