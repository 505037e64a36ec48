import type { ReactNode } from 'react'
import { Radio as AriaRadio, RadioGroup as AriaRadioGroup, Label } from 'react-aria-components'
import { AriaFieldHelp, labelClass } from './field-parts.tsx'

export function RadioGroup({
  label,
  value,
  onChange,
  error,
  hint,
  children,
  orientation = 'vertical',
}: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: ReactNode
  children: ReactNode
  orientation?: 'vertical' | 'horizontal'
}) {
  return (
    <AriaRadioGroup
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      orientation={orientation}
      className="flex flex-col gap-1"
    >
      <Label className={labelClass}>{label}</Label>
      <div className={orientation === 'horizontal' ? 'flex flex-wrap gap-x-5' : 'flex flex-col'}>
        {children}
      </div>
      <AriaFieldHelp hint={hint} error={error} />
    </AriaRadioGroup>
  )
}

export function Radio({ value, children }: { value: string; children: ReactNode }) {
  return (
    <AriaRadio value={value} className="group flex min-h-11 cursor-default items-center gap-3">
      <span
        aria-hidden="true"
        className="size-5 shrink-0 rounded-full border-2 border-slate-400 bg-white transition-all group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-brand-ink group-data-[selected]:border-[6px] group-data-[selected]:border-brand dark:border-slate-500 dark:bg-slate-900"
      />
      <span>{children}</span>
    </AriaRadio>
  )
}
