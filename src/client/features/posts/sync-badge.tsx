import { Trans } from '@lingui/react/macro'
import { CircleAlert, CloudUpload } from 'lucide-react'
import type { LocalState } from '../../platform/sync/local-db.ts'
import { Badge } from '../../ui/badge.tsx'

/** Shows that a row is still on this device only, or that the server refused it. */
export function SyncBadge({ state }: { state: LocalState['_sync'] }) {
  if (!state) return null
  return (
    <span data-testid="sync-state" className="inline-flex">
      {state === 'rejected' ? (
        <Badge tone="danger" icon={<CircleAlert aria-hidden="true" className="size-3.5" />}>
          <Trans>Needs attention</Trans>
        </Badge>
      ) : (
        <Badge tone="warning" icon={<CloudUpload aria-hidden="true" className="size-3.5" />}>
          <Trans>Waiting to send</Trans>
        </Badge>
      )}
    </span>
  )
}
