import { Trans } from '@lingui/react/macro'
import type { LocalState } from '../../platform/sync/local-db.ts'

/** Shows that a row is still on this device only, or that the server refused it. */
export function SyncBadge({ state }: { state: LocalState['_sync'] }) {
  if (!state) return null
  return state === 'rejected' ? (
    <span
      data-testid="sync-state"
      className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900"
    >
      <Trans>Needs attention</Trans>
    </span>
  ) : (
    <span
      data-testid="sync-state"
      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950"
    >
      <Trans>Waiting to send</Trans>
    </span>
  )
}
