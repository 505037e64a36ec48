import { Trans } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { WifiOff } from 'lucide-react'
import { onlineAtom } from '../platform/online.ts'

export function OfflineBanner() {
  const online = useAtomValue(onlineAtom)
  if (online) return null
  return (
    <div
      role="status"
      data-testid="offline-indicator"
      className="flex items-center justify-center gap-2 bg-slate-800 px-4 py-1.5 text-center text-sm text-white dark:bg-slate-700"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        <Trans>You are offline. You can keep reading; changes are sent when the connection returns.</Trans>
      </span>
    </div>
  )
}
