import type { ReactNode } from 'react'
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabsProps,
} from 'react-aria-components'

export function Tabs(props: Omit<TabsProps, 'className'>) {
  return <AriaTabs {...props} className="flex flex-col gap-4" />
}

export function TabList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <AriaTabList
      aria-label={label}
      className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
    >
      {children}
    </AriaTabList>
  )
}

export function Tab({ id, children }: { id: string; children: ReactNode }) {
  return (
    <AriaTab
      id={id}
      className="-mb-px flex min-h-11 cursor-default items-center gap-2 border-b-2 border-transparent px-3 font-medium whitespace-nowrap text-muted outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-ink data-[hovered]:text-slate-900 data-[selected]:border-brand data-[selected]:text-brand-ink dark:data-[hovered]:text-white"
    >
      {children}
    </AriaTab>
  )
}

export function TabPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <AriaTabPanel
      id={id}
      className="outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-ink"
    >
      {children}
    </AriaTabPanel>
  )
}
