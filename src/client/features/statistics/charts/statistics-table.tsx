// The numbers behind a chart as a plain table: a caption, column headers, and each row named by its
// first cell. It scrolls sideways on a phone, and can be focused to do so from the keyboard.
import type { ReactNode } from 'react'

export type TableData = {
  columns: { label: string; numeric?: boolean }[]
  rows: { id: string; cells: ReactNode[] }[]
}

export function StatisticsTable({ caption, columns, rows }: TableData & { caption: string }) {
  const align = (i: number) => (columns[i]?.numeric ? 'text-end tabular-nums' : 'text-start')
  return (
    // Positioned, so the screen-reader-only texts in its cells (absolutely placed) scroll with it
    // instead of widening the whole page.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone must scroll from the keyboard too
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl ring-1 ring-slate-200 dark:ring-slate-800"
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr>
            {columns.map((column, i) => (
              <th
                key={column.label}
                scope="col"
                className={`border-b border-slate-200 px-3 py-2 font-semibold whitespace-nowrap text-slate-700 dark:border-slate-700 dark:text-slate-200 ${align(i)}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={columns[i]?.label ?? i} scope="row" className="px-3 py-2 text-start font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={columns[i]?.label ?? i} className={`px-3 py-2 whitespace-nowrap ${align(i)}`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
