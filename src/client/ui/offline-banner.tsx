import { Trans } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { onlineAtom } from '../platform/online.ts'

export function OfflineBanner() {
  const online = useAtomValue(onlineAtom)
  if (online) return null
  return (
    <div
      role="status"
      data-testid="offline-indicator"
      className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <Trans>You are offline. You can keep reading; changes are sent when the connection returns.</Trans>
    </div>
  )
}
