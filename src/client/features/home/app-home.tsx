import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { userAtom } from '../../platform/session.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { markNotificationRead } from '../posts/post-actions.ts'
import { PostFeed } from '../posts/post-feed.tsx'

/** The landing after sign-in: the latest posts and notifications, from the mirror (works offline). */
export function AppHome() {
  const { t, i18n } = useLingui()
  const user = useAtomValue(userAtom)
  const notifications = useLocalQuery(
    (db) => db.notifications.orderBy('created_at').reverse().limit(10).toArray(),
    [],
  )
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-semibold">{user ? t`Hello, ${user.name}` : t`Hello`}</h1>
      <section aria-labelledby="latest-posts" className="flex flex-col gap-3">
        <div className="flex items-center justify-between">
          <h2 id="latest-posts" className="text-lg font-semibold">
            <Trans>Latest news</Trans>
          </h2>
          <Link to="/blog" className="text-sm text-brand underline">
            <Trans>All news</Trans>
          </Link>
        </div>
        <PostFeed limit={4} />
      </section>
      <section aria-labelledby="latest-notifications" className="flex flex-col gap-3">
        <h2 id="latest-notifications" className="text-lg font-semibold">
          <Trans>Latest notifications</Trans>
        </h2>
        {notifications?.length === 0 && (
          <p>
            <Trans>You have no notifications yet.</Trans>
          </p>
        )}
        <ul className="flex flex-col gap-2">
          {notifications?.map((n) => (
            <li
              key={n.id}
              className={`rounded-lg bg-white p-4 ring-1 dark:bg-slate-900 ${n.emergency ? 'ring-2 ring-red-600' : 'ring-slate-200 dark:ring-slate-800'}`}
            >
              <details onToggle={(e) => (e.currentTarget.open ? void markNotificationRead(n.id) : undefined)}>
                <summary className="cursor-pointer">
                  <span className={n.read_at ? 'font-normal' : 'font-semibold'}>{n.title}</span>
                  {!n.read_at && <span className="sr-only"> ({t`unread`})</span>}
                </summary>
                <p className="mt-2 text-slate-700 dark:text-slate-300">{n.content}</p>
                <time dateTime={n.created_at} className="text-sm text-slate-600 dark:text-slate-400">
                  {date.format(new Date(n.created_at))}
                </time>
              </details>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
