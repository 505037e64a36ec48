import { Trans, useLingui } from '@lingui/react/macro'
import { Bell } from 'lucide-react'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { EmptyState } from '../../ui/empty-state.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { NotificationList } from '../notifications/notification-list.tsx'

/** The ten newest notifications from the mirror; opening one marks it read (offline too). */
export function LatestNotifications() {
  const { t } = useLingui()
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
  return <NotificationList notifications={notifications} />
}
