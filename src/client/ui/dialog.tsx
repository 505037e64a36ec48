import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { AriaIconButton } from './aria-button.tsx'

const overlayClass =
  'fixed inset-0 z-50 flex items-end justify-center bg-slate-950/50 p-0 backdrop-blur-[2px] sm:items-center sm:p-4'
const modalClass =
  'max-h-[92dvh] w-full overflow-y-auto rounded-t-3xl bg-white shadow-2xl outline-none sm:rounded-3xl dark:bg-slate-900 dark:ring-1 dark:ring-slate-700'

export type DialogSize = 'sm' | 'md' | 'lg'
const widths: Record<DialogSize, string> = { sm: 'sm:max-w-sm', md: 'sm:max-w-lg', lg: 'sm:max-w-3xl' }

/**
 * A modal dialog: a sheet from the bottom on phones, centred on wider screens. Escape and a click
 * outside close it unless `dismissable` is false (a form with unsaved text, an emergency).
 */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissable = true,
  role = 'dialog',
  closeLabel,
}: {
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  size?: DialogSize
  dismissable?: boolean
  role?: 'dialog' | 'alertdialog'
  /** The close button's label; without it there is no close button (the footer decides). */
  closeLabel?: string
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      className={overlayClass}
    >
      <Modal className={`${modalClass} ${widths[size]}`}>
        <AriaDialog role={role} className="flex flex-col gap-4 p-5 outline-none sm:p-6">
          <div className="flex items-start justify-between gap-3">
            {/* min-w-0: a title's one long word ("Erziehungsberechtigte(r)") breaks instead of pushing
                the close button out of a phone's screen. */}
            <div className="flex min-w-0 flex-col gap-1">
              <Heading slot="title" className="text-xl font-semibold text-slate-900 dark:text-white">
                {title}
              </Heading>
              {description && <div className="text-muted">{description}</div>}
            </div>
            {closeLabel && (
              <AriaIconButton label={closeLabel} size="sm" slot="close" className="-me-2 -mt-1">
                <X aria-hidden="true" className="size-5" />
              </AriaIconButton>
            )}
          </div>
          {children}
          {footer && <div className="flex flex-wrap-reverse justify-end gap-2 pt-2">{footer}</div>}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  )
}
