import { Trans } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Sparkles } from 'lucide-react'
import { acceptUpdate, updateReadyAtom } from '../platform/service-worker.ts'
import { Button } from './button.tsx'

/** A new version waits until the user chooses to reload, so nothing is swapped under them. */
export function UpdatePrompt() {
  const ready = useAtomValue(updateReadyAtom)
  if (!ready) return null
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-24 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-2xl bg-slate-900 p-3 ps-4 text-white shadow-xl md:bottom-6"
    >
      <span className="flex items-center gap-2">
        <Sparkles aria-hidden="true" className="size-5 shrink-0" />
        <Trans>A new version of the app is ready.</Trans>
      </span>
      <Button onClick={acceptUpdate}>
        <Trans>Update</Trans>
      </Button>
    </div>
  )
}
