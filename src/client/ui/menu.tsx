import { Check, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  Header,
  type MenuItemProps,
  type MenuProps,
  type MenuSectionProps,
  Popover,
  type PopoverProps,
  Separator,
} from 'react-aria-components'
import { popoverClass } from './popover.tsx'

export { MenuTrigger, SubmenuTrigger } from 'react-aria-components'

export function MenuPopover({
  className = '',
  ...props
}: Omit<PopoverProps, 'className'> & { className?: string }) {
  return (
    <Popover
      offset={6}
      {...props}
      className={`${popoverClass} max-w-[min(20rem,calc(100vw-1rem))] ${className}`}
    />
  )
}

export function Menu<T extends object>(props: MenuProps<T>) {
  return <AriaMenu {...props} className="max-h-[70dvh] overflow-auto outline-none" />
}

/** A menu entry; in a section with selection it shows a check mark, with a submenu a chevron. */
export function MenuItem({
  children,
  icon,
  danger,
  ...props
}: Omit<MenuItemProps, 'children' | 'className'> & {
  children: ReactNode
  icon?: ReactNode
  danger?: boolean
}) {
  const text = typeof children === 'string' ? children : undefined
  return (
    <AriaMenuItem
      textValue={text}
      {...props}
      className={({ isFocused }) =>
        `flex min-h-11 cursor-default items-center gap-3 rounded-xl px-3 py-2 text-start outline-none select-none ${
          danger ? 'text-red-700 dark:text-red-300' : 'text-slate-800 dark:text-slate-100'
        } ${isFocused ? 'bg-slate-100 dark:bg-slate-800' : ''}`
      }
    >
      {({ isSelected, selectionMode, hasSubmenu }) => (
        <>
          {selectionMode !== 'none' ? (
            <Check aria-hidden="true" className={`size-4 shrink-0 ${isSelected ? '' : 'invisible'}`} />
          ) : (
            icon && <span className="shrink-0 [&>svg]:size-5">{icon}</span>
          )}
          <span className="flex-1 truncate">{children}</span>
          {hasSubmenu && <ChevronRight aria-hidden="true" className="size-4 shrink-0 rtl:rotate-180" />}
        </>
      )}
    </AriaMenuItem>
  )
}

export function MenuSection<T extends object>({
  title,
  children,
  ...props
}: Omit<MenuSectionProps<T>, 'children'> & { title?: string; children: ReactNode }) {
  return (
    <AriaMenuSection {...props} className="py-1">
      {title && (
        <Header className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
          {title}
        </Header>
      )}
      {children}
    </AriaMenuSection>
  )
}

export function MenuSeparator() {
  return <Separator className="mx-2 my-1 border-t border-slate-200 dark:border-slate-700" />
}
