import type { ReactNode, RefObject } from 'react'
import { Popover as AriaPopover, Dialog, type PopoverProps } from 'react-aria-components'

export const popoverClass =
  'z-50 min-w-48 overflow-auto rounded-2xl bg-white p-1 shadow-xl ring-1 ring-slate-200 outline-none dark:bg-slate-900 dark:ring-slate-700'

/** A floating panel anchored to its trigger (inside a DialogTrigger, or given `triggerRef`). */
export function Popover({
  children,
  label,
  className = '',
  ...rest
}: Omit<PopoverProps, 'children' | 'className'> & {
  children: ReactNode
  label: string
  className?: string
  triggerRef?: RefObject<Element | null>
}) {
  return (
    <AriaPopover offset={6} {...rest} className={`${popoverClass} ${className}`}>
      <Dialog aria-label={label} className="p-3 outline-none">
        {children}
      </Dialog>
    </AriaPopover>
  )
}
