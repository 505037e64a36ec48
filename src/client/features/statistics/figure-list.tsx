// The headline numbers of a section, as a description list: what is counted, then the number, then
// (optionally) what it is out of.
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'

export type Figure = { label: string; value: ReactNode; detail?: ReactNode }

export function FigureList({ title, figures }: { title?: string; figures: Figure[] }) {
  return (
    <div className="flex flex-col gap-2">
      {title && <h3 className="font-semibold">{title}</h3>}
      <dl className="grid grid-cols-1 gap-3 min-[26rem]:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="flex flex-col gap-0.5 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60"
          >
            <dt className="text-sm text-muted">{figure.label}</dt>
            <dd className="text-xl font-bold tabular-nums">{figure.value}</dd>
            {figure.detail !== undefined && <dd className="text-sm text-muted">{figure.detail}</dd>}
          </div>
        ))}
      </dl>
    </div>
  )
}

/** A figure there is nothing to work out from (no post was sent, so no time to read): a dash. */
export function NoFigure() {
  const { t } = useLingui()
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t`Not enough data`}</span>
    </>
  )
}

/** A sentence where a chart would be when there is nothing to draw. */
export function NothingToChart({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-slate-50 p-4 text-sm text-muted dark:bg-slate-800/60">{children}</p>
}
