import { useLingui } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useId } from 'react'
import { AriaButton } from './aria-button.tsx'
import { Dialog, type DialogSize } from './dialog.tsx'
import { FormAlert } from './form-alert.tsx'

/**
 * A form in a dialog (a new role, a manager, a slide): Cancel and the form's own button in the footer,
 * its message for the whole form on top. While it holds unsaved changes (`dirty`), a click outside or
 * Escape does not close it.
 */
export function FormDialog({
  title,
  submitLabel,
  pending,
  dirty,
  error,
  onClose,
  onSubmit,
  size,
  children,
}: {
  title: string
  submitLabel: string
  pending: boolean
  dirty: boolean
  error?: string
  onClose: () => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  size?: DialogSize
  children: ReactNode
}) {
  const { t } = useLingui()
  const id = useId()
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      dismissable={!dirty}
      size={size}
      title={title}
      closeLabel={t`Close`}
      footer={
        <>
          <AriaButton variant="secondary" onPress={onClose}>
            {t`Cancel`}
          </AriaButton>
          <AriaButton type="submit" form={id} isPending={pending}>
            {submitLabel}
          </AriaButton>
        </>
      }
    >
      <form id={id} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormAlert>{error}</FormAlert>
        {children}
      </form>
    </Dialog>
  )
}
