import { Trans, useLingui } from '@lingui/react/macro'
import { Bell, ChevronDown, Siren } from 'lucide-react'
import { useDateFormat } from '../../platform/dates.ts'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { EmptyState } from '../../ui/empty-state.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { markNotificationRead } from '../posts/post-actions.ts'

/** The ten newest notifications from the mirror; opening one marks it read (offline too). */
export function LatestNotifications() {
  const { t } = useLingui()
  const format = useDateFormat()
  const ready = useMirrorReady()
  const notifications = useLocalQuery(
    (db) => db.notifications.orderBy('created_at').reverse().limit(10).toArray(),
    [],
  )
  if (!notifications || (notifications.length === 0 && !ready)) {
    return <SkeletonList count={2} label={t`Loading your notifications…`} />
  }
  if (notifications.length === 0) {
    return (
      <EmptyState icon={Bell} title={t`You have no notifications yet.`}>
        <Trans>Messages from the college to you appear here.</Trans>
      </EmptyState>
    )
  }
  return (
    <ul className="card divide-y divide-slate-100 dark:divide-slate-800">
      {notifications.map((n) => (
        <li key={n.id}>
          <details
            className="group"
            onToggle={(e) => (e.currentTarget.open ? void markNotificationRead(n.id) : undefined)}
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
            <p dir="auto" className="px-4 pb-4 whitespace-pre-line text-slate-700 ps-16 dark:text-slate-300">
              {n.content}
            </p>
          </details>
        </li>
      ))}
    </ul>
  )
}
