// /notifications/: everything the college sent this person, from the mirror (so offline too), unread
// first. `open` (from a push or a mail) opens one and marks it read.
import { Trans, useLingui } from '@lingui/react/macro'
import { Bell, CheckCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
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
  // One opened here stays where it was, open, while the person reads it (it is marked read at once).
  const [openedHere, setOpenedHere] = useState<ReadonlySet<string>>(new Set())
  const stays = (n: { id: string; read_at: string | null }) => !n.read_at || openedHere.has(n.id)
  const unread = all?.filter((n) => !n.read_at) ?? []
  const shownUnread = all?.filter(stays) ?? []
  const earlier = all?.filter((n) => !stays(n)) ?? []
  const opened = (id: string) => {
    if (!unread.some((n) => n.id === id)) return
    setOpenedHere((before) => (before.has(id) ? before : new Set([...before, id])))
  }
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
      {shownUnread.length > 0 && (
        <section aria-labelledby="unread" className="flex flex-col gap-3">
          <h2 id="unread" className="text-lg font-semibold">
            <Trans>Unread</Trans>
          </h2>
          <NotificationList notifications={shownUnread} openId={openId} onOpen={opened} />
        </section>
      )}
      {earlier.length > 0 && (
        <section aria-labelledby="earlier" className="flex flex-col gap-3">
          <h2 id="earlier" className="text-lg font-semibold">
            {shownUnread.length ? <Trans>Earlier</Trans> : <Trans>All notifications</Trans>}
          </h2>
          <NotificationList notifications={earlier} openId={openId} onOpen={opened} />
        </section>
      )}
    </>
  )
}
