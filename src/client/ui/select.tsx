import { ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Key } from 'react-aria-components'
import { Select as AriaSelect, Button, Label, ListBox, Popover, SelectValue } from 'react-aria-components'
import { AriaFieldHelp, controlClass, labelClass } from './field-parts.tsx'
import { ListBoxItem } from './list-box-item.tsx'
import { popoverClass } from './popover.tsx'

export type SelectOption = { id: Key; name: string }

/** A single choice from a list, with the app's own popover (in its language and direction). */
export function Select({
  label,
  options,
  value,
  onChange,
  error,
  hint,
  placeholder,
  isDisabled,
  className = '',
  action,
}: {
  label: string
  options: SelectOption[]
  value: Key | null
  onChange: (value: Key | null) => void
  error?: string
  hint?: ReactNode
  placeholder?: string
  isDisabled?: boolean
  className?: string
  /** Beside the field: for example "New category". */
  action?: ReactNode
}) {
  const select = (
    <AriaSelect
      selectedKey={value}
      onSelectionChange={(key) => onChange(key)}
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      placeholder={placeholder}
      className={`flex min-w-0 flex-1 flex-col gap-1.5 ${action ? '' : className}`}
    >
      <Label className={labelClass}>{label}</Label>
      <div className="flex gap-2">
        <Button
          className={`${controlClass} flex flex-1 items-center justify-between gap-2 text-start data-[invalid]:border-red-600`}
        >
          {/* The chosen option's text alone, not its check mark and layout from the list. */}
          <SelectValue className="truncate data-[placeholder]:text-slate-500 dark:data-[placeholder]:text-slate-400">
            {({ selectedText, isPlaceholder, defaultChildren }) =>
              isPlaceholder ? defaultChildren : selectedText
            }
          </SelectValue>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
        </Button>
      </div>
      <AriaFieldHelp hint={hint} error={error} />
      <Popover offset={6} className={`${popoverClass} w-(--trigger-width)`}>
        <ListBox items={options} className="outline-none">
          {(option) => <ListBoxItem id={option.id}>{option.name}</ListBoxItem>}
        </ListBox>
      </Popover>
    </AriaSelect>
  )
  // The action stays outside the Select: inside, React Aria would make it a second trigger.
  if (!action) return select
  return (
    <div className={`flex items-start gap-2 ${className}`}>
      {select}
      <div className="mt-[1.625rem] shrink-0">{action}</div>
    </div>
  )
}
