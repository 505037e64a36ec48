import { ChevronsUpDown } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Key } from 'react-aria-components'
import { ComboBox as AriaComboBox, Button, Input, Label, ListBox, Popover } from 'react-aria-components'
import { AriaFieldHelp, controlClass, labelClass } from './field-parts.tsx'
import { ListBoxItem } from './list-box-item.tsx'
import { popoverClass } from './popover.tsx'
import type { SelectOption } from './select.tsx'

/** A choice from a long list, narrowed by typing (communes, people, courses). */
export function ComboBox({
  label,
  options,
  value,
  onChange,
  error,
  hint,
  placeholder,
  emptyText,
  className = '',
  onSearch,
}: {
  label: string
  options: SelectOption[]
  value: Key | null
  onChange: (value: Key | null) => void
  error?: string
  hint?: ReactNode
  placeholder?: string
  /** Shown when nothing matches what was typed. */
  emptyText: string
  className?: string
  /**
   * What is typed, for a list too long to send whole (the server narrows it): `options` are then shown
   * as given, not narrowed here.
   */
  onSearch?: (text: string) => void
}) {
  return (
    <AriaComboBox
      selectedKey={value}
      onSelectionChange={(key) => onChange(key)}
      {...(onSearch ? { items: options, onInputChange: onSearch } : { defaultItems: options })}
      isInvalid={Boolean(error)}
      menuTrigger="focus"
      className={`flex flex-col gap-1.5 ${className}`}
    >
      <Label className={labelClass}>{label}</Label>
      <div className="relative">
        <Input placeholder={placeholder} dir="auto" className={`${controlClass} pe-11`} />
        <Button className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-xl text-muted">
          <ChevronsUpDown aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <AriaFieldHelp hint={hint} error={error} />
      <Popover offset={6} className={`${popoverClass} max-h-72 w-(--trigger-width)`}>
        <ListBox
          className="outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-muted">{emptyText}</p>}
        >
          {(option: SelectOption) => <ListBoxItem id={option.id}>{option.name}</ListBoxItem>}
        </ListBox>
      </Popover>
    </AriaComboBox>
  )
}
