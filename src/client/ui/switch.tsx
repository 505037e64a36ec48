import type { ReactNode } from 'react'
import { Switch as AriaSwitch, type SwitchProps } from 'react-aria-components'

/** An on/off setting that takes effect at once. */
export function Switch({
  children,
  ...props
}: Omit<SwitchProps, 'children' | 'className'> & { children: ReactNode }) {
  return (
    <AriaSwitch {...props} className="group flex min-h-11 cursor-default items-center gap-3">
      <span
        aria-hidden="true"
        className="flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 p-0.5 transition-colors group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-brand-ink group-data-[selected]:bg-brand group-data-[disabled]:opacity-50 dark:bg-slate-600"
      >
        <span className="size-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5 rtl:group-data-[selected]:-translate-x-5" />
      </span>
      <span>{children}</span>
    </AriaSwitch>
  )
}
