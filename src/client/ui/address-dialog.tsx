import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { AriaButton } from './aria-button.tsx'
import { Dialog } from './dialog.tsx'
import { TextField } from './text-field.tsx'

export type AddressKind = 'link' | 'picture'

/** Web addresses the server keeps: pictures only over https, links also as mail and phone. */
export function checkAddress(kind: AddressKind, address: string): boolean {
  try {
    const url = new URL(address)
    return kind === 'picture'
      ? url.protocol === 'https:'
      : ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol)
  } catch {
    return false
  }
}

/** Asks for the address of a link or a picture, in the app's own dialog. */
export function AddressDialog({
  kind,
  initial,
  onApply,
  onRemove,
  onClose,
}: {
  kind: AddressKind
  initial?: string
  onApply: (address: string) => void
  onRemove: () => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const [address, setAddress] = useState(initial ?? 'https://')
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = address.trim()
    if (!checkAddress(kind, value)) {
      return setError(
        kind === 'picture'
          ? t`Enter the full address of the picture, starting with https://`
          : t`Enter a full web address, such as https://example.org`,
      )
    }
    onApply(value)
    onClose()
  }
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={kind === 'link' ? t`Add a link` : t`Add a picture from the web`}
      closeLabel={t`Close`}
      size="sm"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={kind === 'link' ? t`Address of the link` : t`Address of the picture`}
          type="url"
          inputMode="url"
          autoFocus
          value={address}
          onChange={(e) => {
            setAddress(e.target.value)
            setError(undefined)
          }}
          error={error}
        />
        <div className="flex flex-wrap-reverse justify-end gap-2">
          {kind === 'link' && initial && (
            <AriaButton
              variant="ghost"
              onPress={() => {
                onRemove()
                onClose()
              }}
            >
              <Trans>Remove the link</Trans>
            </AriaButton>
          )}
          <AriaButton variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </AriaButton>
          <AriaButton type="submit">
            {kind === 'link' ? <Trans>Add the link</Trans> : <Trans>Add the picture</Trans>}
          </AriaButton>
        </div>
      </form>
    </Dialog>
  )
}
