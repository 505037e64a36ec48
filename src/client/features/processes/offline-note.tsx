// Why the managers' buttons are greyed out without a connection.
import { Trans } from '@lingui/react/macro'
import { WifiOff } from 'lucide-react'

export function OfflineNote() {
  return (
    <p className="flex items-start gap-2 text-sm text-muted" data-testid="processes-offline">
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <Trans>
          You are offline. You can read processes and practices; creating or changing them needs a connection.
        </Trans>
      </span>
    </p>
  )
}
