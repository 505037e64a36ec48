import { Trans, useLingui } from '@lingui/react/macro'
import { Bell } from 'lucide-react'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { EmptyState } from '../../ui/empty-state.tsx'
import { SkeletonRows } from '../../ui/skeleton.tsx'
import { NotificationList } from '../notifications/notification-list.tsx'

/** How many Home shows: the rest is one tap away, and the news and events stay in sight. */
const SHOWN = 5

/** The newest notifications from the mirror; opening one marks it read (offline too). */
export function LatestNotifications() {
  const { t } = useLingui()
  const ready = useMirrorReady()
  const notifications = useLocalQuery(
    (db) => db.notifications.orderBy('created_at').reverse().limit(SHOWN).toArray(),
    [],
    undefined,
    { name: 'home:notifications', acrossStarts: true },
  )
  if (!notifications || (notifications.length === 0 && !ready)) {
    return <SkeletonRows count={SHOWN} label={t`Loading your notifications…`} />
  }
  if (notifications.length === 0) {
    return (
      <EmptyState icon={Bell} title={t`You have no notifications yet.`}>
        <Trans>Messages from the college to you appear here.</Trans>
      </EmptyState>
    )
  }
  // Until the first sync is done, the notifications still to come keep their place.
  return <NotificationList notifications={notifications} pending={ready ? 0 : SHOWN - notifications.length} />
}
