import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import type { Notification } from '#shared/api-types.ts'
import type { Page } from '#shared/pagination.ts'
import { api } from '../../platform/api.ts'
import { onlineAtom } from '../../platform/online.ts'
import { userAtom } from '../../platform/session.ts'

/** The landing after sign-in: a greeting and the latest notifications. */
export function AppHome() {
  const { t, i18n } = useLingui()
  const user = useAtomValue(userAtom)
  const online = useAtomValue(onlineAtom)
  const [items, setItems] = useState<Notification[]>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!online) return
    setFailed(false)
    api
      .get('api/v1/notifications', { searchParams: { limit: 10 } })
      .json<Page<Notification>>()
      .then((page) => setItems(page.data))
      .catch(() => setFailed(true))
  }, [online])
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{user ? t`Hello, ${user.name}` : t`Hello`}</h1>
      <section aria-labelledby="latest-notifications" className="flex flex-col gap-3">
        <h2 id="latest-notifications" className="text-lg font-semibold">
          <Trans>Latest notifications</Trans>
        </h2>
        {!items && !failed && online && (
          <p role="status" aria-busy="true">
            <Trans>Loading…</Trans>
          </p>
        )}
        {!online && !items && (
          <p role="status">
            <Trans>Notifications will appear here when you are back online.</Trans>
          </p>
        )}
        {failed && (
          <p role="alert">
            <Trans>We could not load your notifications. Please try again later.</Trans>
          </p>
        )}
        {items?.length === 0 && (
          <p>
            <Trans>You have no notifications yet.</Trans>
          </p>
        )}
        <ul className="flex flex-col gap-2">
          {items?.map((n) => (
            <li
              key={n.id}
              className={`rounded-lg bg-white p-4 ring-1 dark:bg-slate-900 ${n.emergency ? 'ring-2 ring-red-600' : 'ring-slate-200 dark:ring-slate-800'}`}
            >
              <p className="font-medium">{n.title}</p>
              <p className="text-slate-700 dark:text-slate-300">{n.content}</p>
              <time dateTime={n.created_at} className="text-sm text-slate-600 dark:text-slate-400">
                {date.format(new Date(n.created_at))}
              </time>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
