import { Check, Minus } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  Checkbox as AriaCheckbox,
  CheckboxGroup as AriaCheckboxGroup,
  type CheckboxProps,
  Label,
} from 'react-aria-components'
import { AriaFieldHelp, labelClass } from './field-parts.tsx'

/** A checkbox with its label; inside a table row, use `slot="selection"` and `aria-label`. */
export function Checkbox({
  children,
  className = '',
  ...props
}: Omit<CheckboxProps, 'children' | 'className'> & { children?: ReactNode; className?: string }) {
  return (
    <AriaCheckbox {...props} className={`group flex min-h-11 cursor-default items-center gap-3 ${className}`}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span
            aria-hidden="true"
            className="flex size-5 shrink-0 items-center justify-center rounded-md border-2 border-slate-400 bg-white text-on-brand transition-colors group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-brand-ink group-data-[selected]:border-brand group-data-[selected]:bg-brand group-data-[indeterminate]:border-brand group-data-[indeterminate]:bg-brand group-data-[disabled]:opacity-50 group-data-[invalid]:border-red-600 dark:border-slate-500 dark:bg-slate-900"
          >
            {isIndeterminate ? (
              <Minus className="size-3.5" strokeWidth={3} />
            ) : (
              isSelected && <Check className="size-3.5" strokeWidth={3} />
            )}
          </span>
          {children && (
            <span dir="auto" className="group-data-[disabled]:opacity-60">
              {children}
            </span>
          )}
        </>
      )}
    </AriaCheckbox>
  )
}

/** A labelled group of checkboxes whose value is the list of chosen ids. */
export function CheckboxGroup({
  label,
  value,
  onChange,
  error,
  hint,
  children,
  className = '',
}: {
  label: string
  value: string[]
  onChange: (value: string[]) => void
  error?: string
  hint?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <AriaCheckboxGroup
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      className={`flex flex-col gap-0.5 ${className}`}
    >
      <Label className={`${labelClass} mb-1`}>{label}</Label>
      {children}
      <AriaFieldHelp hint={hint} error={error} />
    </AriaCheckboxGroup>
  )
}

/** Checkboxes for records chosen by id (courses, grades), in two columns from small screens up. */
export function IdCheckboxes({
  label,
  options,
  value,
  onChange,
  error,
  hint,
}: {
  label: string
  options: { id: number | string; name: ReactNode }[]
  value: number[]
  onChange: (ids: number[]) => void
  error?: string
  hint?: ReactNode
}) {
  return (
    <CheckboxGroup
      label={label}
      value={value.map(String)}
      onChange={(keys) => onChange(keys.map(Number))}
      error={error}
      hint={hint}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        {options.map((o) => (
          <Checkbox key={o.id} value={String(o.id)}>
            {o.name}
          </Checkbox>
        ))}
      </div>
    </CheckboxGroup>
  )
}
