// /notifications/: everything the college sent this person, from the mirror (so offline too), unread
// first. `open` (from a push or a mail) opens one and marks it read.
import { Trans, useLingui } from '@lingui/react/macro'
import { Bell, CheckCheck } from 'lucide-react'
import { useEffect } from 'react'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { Button } from '../../ui/button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { markNotificationRead } from './notification-actions.ts'
import { NotificationList } from './notification-list.tsx'

export function NotificationsPage({ openId }: { openId?: string }) {
  const { t } = useLingui()
  const ready = useMirrorReady()
  const all = useLocalQuery((db) => db.notifications.orderBy('created_at').reverse().toArray(), [])
  const unread = all?.filter((n) => !n.read_at) ?? []
  const earlier = all?.filter((n) => n.read_at) ?? []
  useEffect(() => {
    if (!openId) return
    void markNotificationRead(openId)
    document.querySelector(`[data-notification="${CSS.escape(openId)}"]`)?.scrollIntoView({ block: 'center' })
  }, [openId, all === undefined])
  const header = (
    <PageHeader
      title={t`Notifications`}
      description={
        unread.length ? t`${unread.length} unread, newest first.` : t`Messages from the college to you.`
      }
      actions={
        unread.length > 1 && (
          <Button
            variant="secondary"
            onClick={() => void Promise.all(unread.map((n) => markNotificationRead(n.id)))}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            <Trans>Mark all as read</Trans>
          </Button>
        )
      }
    />
  )
  if (!all || (all.length === 0 && !ready))
    return (
      <>
        {header}
        <SkeletonList count={3} label={t`Loading your notifications…`} />
      </>
    )
  return (
    <>
      {header}
      {all.length === 0 && (
        <EmptyState icon={Bell} title={t`You have no notifications yet.`}>
          <Trans>Messages from the college to you appear here.</Trans>
        </EmptyState>
      )}
      {unread.length > 0 && (
        <section aria-labelledby="unread" className="flex flex-col gap-3">
          <h2 id="unread" className="text-lg font-semibold">
            <Trans>Unread</Trans>
          </h2>
          <NotificationList notifications={unread} openId={openId} />
        </section>
      )}
      {earlier.length > 0 && (
        <section aria-labelledby="earlier" className="flex flex-col gap-3">
          <h2 id="earlier" className="text-lg font-semibold">
            {unread.length ? <Trans>Earlier</Trans> : <Trans>All notifications</Trans>}
          </h2>
          <NotificationList notifications={earlier} openId={openId} />
        </section>
      )}
    </>
  )
}
