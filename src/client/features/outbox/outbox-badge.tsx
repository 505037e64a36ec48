import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { syncStatusAtom } from '../../platform/sync/sync-status.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { Tooltip } from '../../ui/tooltip.tsx'

/** In the header: how many writes wait, and a red count of those that need the user. */
export function OutboxBadge() {
  const { t } = useLingui()
  const counts = useLocalQuery(
    async (db) => {
      const items = await db.outbox.toArray()
      return { waiting: items.length, attention: items.filter((i) => i.state !== 'pending').length }
    },
    [],
    { waiting: 0, attention: 0 },
  )
  const status = useAtomValue(syncStatusAtom)
  if (!counts || counts.waiting === 0) return null
  return (
    <Tooltip text={t`Changes made on this device that have not reached the server yet`} position="bottom">
      <Link
        to="/app/outbox"
        data-testid="outbox-badge"
        className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium ${counts.attention ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-950'}`}
      >
        {counts.attention ? t`${counts.attention} need attention` : t`${counts.waiting} waiting to send`}
        {status.needsSignIn && <span>· {t`sign in again to send`}</span>}
      </Link>
    </Tooltip>
  )
}
