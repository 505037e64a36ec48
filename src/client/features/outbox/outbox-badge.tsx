import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { CircleAlert, CloudUpload } from 'lucide-react'
import { syncStatusAtom } from '../../platform/sync/sync-status.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { isReadReceipt } from './outbox-labels.ts'

/** The writes the user made here that wait (read receipts are not counted), and those that need them. */
export function useOutboxCounts(): { waiting: number; attention: number } {
  return (
    useLocalQuery(
      async (db) => {
        const items = (await db.outbox.toArray()).filter((i) => !isReadReceipt(i) || i.state !== 'pending')
        return { waiting: items.length, attention: items.filter((i) => i.state !== 'pending').length }
      },
      [],
      { waiting: 0, attention: 0 },
    ) ?? { waiting: 0, attention: 0 }
  )
}

/** In the header: how many of the user's changes wait to be sent, in red when some need them. */
export function OutboxBadge() {
  const { t } = useLingui()
  const counts = useOutboxCounts()
  const status = useAtomValue(syncStatusAtom)
  if (counts.waiting === 0) return null
  const text = counts.attention ? t`${counts.attention} need attention` : t`${counts.waiting} waiting to send`
  const label = status.needsSignIn ? `${text} · ${t`sign in again to send`}` : text
  const Icon = counts.attention ? CircleAlert : CloudUpload
  return (
    <Link
      to="/app/outbox"
      data-testid="outbox-badge"
      title={t`Changes made on this device that have not reached the server yet`}
      className={`inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium ring-1 ring-inset ${
        counts.attention
          ? 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800'
          : 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800'
      }`}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span aria-hidden="true" className="sm:hidden">
        {counts.attention || counts.waiting}
      </span>
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Link>
  )
}
