import { Check } from 'lucide-react'
import { ListBoxItem as AriaListBoxItem, type ListBoxItemProps } from 'react-aria-components'

/** An option in a select or combobox popover, with a check mark when chosen. */
export function ListBoxItem({
  children,
  description,
  ...props
}: Omit<ListBoxItemProps, 'children'> & { children: string; description?: string }) {
  return (
    <AriaListBoxItem
      textValue={children}
      {...props}
      className={({ isFocused }) =>
        `flex min-h-11 cursor-default items-center gap-2 rounded-xl px-3 py-2 outline-none select-none ${
          isFocused ? 'bg-slate-100 dark:bg-slate-800' : ''
        }`
      }
    >
      {({ isSelected }) => (
        <>
          <Check aria-hidden="true" className={`size-4 shrink-0 ${isSelected ? '' : 'invisible'}`} />
          {description ? (
            <span className="flex min-w-0 flex-col">
              <span dir="auto" className="truncate">
                {children}
              </span>
              <span className="truncate text-sm text-muted">{description}</span>
            </span>
          ) : (
            <span dir="auto" className="truncate">
              {children}
            </span>
          )}
        </>
      )}
    </AriaListBoxItem>
  )
}
