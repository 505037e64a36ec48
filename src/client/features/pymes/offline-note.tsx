// Why the managers' buttons are greyed out without a connection.
import { Trans } from '@lingui/react/macro'
import { WifiOff } from 'lucide-react'

export function OfflineNote() {
  return (
    <p className="flex items-start gap-2 text-sm text-muted" data-testid="pymes-offline">
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <Trans>
          You are offline. What is on screen stays readable; adding or changing businesses and promotions
          needs a connection.
        </Trans>
      </span>
    </p>
  )
}
