// A chart with its title, its legend and a "Show table" toggle that swaps the picture for the same
// numbers as a real table: what a screen reader or a keyboard reads, and what a person copies.
import { useLingui } from '@lingui/react/macro'
import { Table2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { ToggleButton } from 'react-aria-components'
import { buttonClass } from '../../../ui/button-styles.ts'
import type { ChartData, Tone } from './chart-data.ts'
import { StatisticsTable, type TableData } from './statistics-table.tsx'

const SWATCH: Record<Tone, string> = {
  brand: 'bg-brand-ink',
  muted: 'bg-slate-500 dark:bg-slate-400',
}

export function ChartPanel({
  title,
  data,
  table,
  children,
}: {
  title: string
  /** For the legend: the series and the track. */
  data: ChartData
  table: TableData
  /** The chart (an SVG with role="img" and its summary). */
  children: ReactNode
}) {
  const { t } = useLingui()
  const [showTable, setShowTable] = useState(false)
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <ToggleButton
          isSelected={showTable}
          onChange={setShowTable}
          className={buttonClass(
            'secondary',
            'sm',
            'data-[selected]:bg-brand-soft data-[selected]:text-brand-ink data-[selected]:ring-brand-ink',
          )}
        >
          <Table2 aria-hidden="true" className="size-4" />
          {t`Show table`}
        </ToggleButton>
      </div>
      {showTable ? (
        <StatisticsTable caption={title} {...table} />
      ) : (
        <>
          {(data.series.length > 1 || data.trackLabel) && (
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
              {data.series.map((s) => (
                <li key={s.label} className="flex items-center gap-1.5">
                  <span aria-hidden="true" className={`size-3 rounded-sm ${SWATCH[s.tone]}`} />
                  {s.label}
                </li>
              ))}
              {data.trackLabel && (
                <li className="flex items-center gap-1.5">
                  <span
                    aria-hidden="true"
                    className="size-3 rounded-sm border border-slate-500 bg-slate-100 dark:border-slate-400 dark:bg-slate-800"
                  />
                  {data.trackLabel}
                </li>
              )}
            </ul>
          )}
          {children}
        </>
      )}
    </div>
  )
}
