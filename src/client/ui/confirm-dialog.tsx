import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useCallback, useRef, useState } from 'react'
import { AriaButton } from './aria-button.tsx'
import { Dialog } from './dialog.tsx'

export type ConfirmOptions = {
  title: string
  body?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** The action deletes or discards something: the button is red. */
  destructive?: boolean
}

/**
 * A confirmation asked as an alert dialog, awaited like a promise:
 * `if (await confirm({...})) remove()`. Render `dialog` once in the component.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useLingui()
  const [options, setOptions] = useState<ConfirmOptions>()
  const resolver = useRef<(answer: boolean) => void>(undefined)
  const confirm = useCallback(
    (next: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false)
        resolver.current = resolve
        setOptions(next)
      }),
    [],
  )
  const answer = (value: boolean) => {
    resolver.current?.(value)
    resolver.current = undefined
    setOptions(undefined)
  }
  const dialog = (
    <Dialog
      isOpen={options !== undefined}
      onOpenChange={(open) => !open && answer(false)}
      title={options?.title ?? ''}
      role="alertdialog"
      size="sm"
      footer={
        <>
          <AriaButton variant="secondary" onPress={() => answer(false)}>
            {options?.cancelLabel ?? t`Cancel`}
          </AriaButton>
          <AriaButton
            variant={options?.destructive ? 'danger' : 'primary'}
            onPress={() => answer(true)}
            autoFocus={!options?.destructive}
          >
            {options?.confirmLabel}
          </AriaButton>
        </>
      }
    >
      {options?.body && <div className="text-slate-700 dark:text-slate-300">{options.body}</div>}
    </Dialog>
  )
  return { confirm, dialog }
}
