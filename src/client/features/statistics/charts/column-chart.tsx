// Columns over time (weeks, months): one group per period with a bar per series, an outline behind
// it when the rows have a track, and a value axis with round steps. In right-to-left languages time
// runs from right to left and the axis stands on the right.
import { useLocale } from 'react-aria-components'
import {
  type ChartData,
  GRID_CLASS,
  LABEL_CLASS,
  maxOf,
  niceTicks,
  TONE_FILL,
  TRACK_CLASS,
} from './chart-data.ts'
import { textWidth } from './text-width.ts'
import { useWidth } from './use-width.ts'

const HEIGHT = 220
const TOP = 10
const BOTTOM = 26

export function ColumnChart({
  data,
  summary,
  formatTick,
}: {
  data: ChartData
  /** The chart in one sentence: what a screen reader announces for the picture. */
  summary: string
  formatTick: (value: number) => string
}) {
  const [ref, width] = useWidth<HTMLDivElement>()
  const rtl = useLocale().direction === 'rtl'
  const { rows, series } = data
  const ticks = niceTicks(maxOf(rows))
  const top = ticks.at(-1) ?? 1
  const tickLabels = ticks.map(formatTick)
  const axis = Math.ceil(Math.max(...tickLabels.map(textWidth))) + 10
  const plot = Math.max(0, width - axis - 4)
  const band = rows.length ? plot / rows.length : plot
  const group = Math.max(2, band * 0.72)
  const inset = rows.some((r) => r.track !== undefined) ? Math.min(3, group * 0.15) : 0
  const bar = (group - inset * 2) / Math.max(1, series.length)
  const baseline = HEIGHT - BOTTOM
  const y = (value: number) => baseline - (value / top) * (baseline - TOP)
  // Positions are worked out left to right, then mirrored for right-to-left languages.
  const at = (x: number, w = 0) => (rtl ? width - x - w : x)
  const labelWidth = Math.max(...rows.map((r) => textWidth(r.label)), 1) + 8
  const every = Math.max(1, Math.ceil(labelWidth / Math.max(band, 1)))
  return (
    <div ref={ref} className="w-full">
      {width > 0 && (
        <svg
          role="img"
          aria-label={summary}
          // Text anchors are logical: "start" is the right-hand end in right-to-left languages.
          direction={rtl ? 'rtl' : 'ltr'}
          width={width}
          height={HEIGHT}
          className="block overflow-visible"
        >
          {ticks.map((tick, i) => (
            <g key={tick}>
              <line x1={at(axis)} x2={at(width - 4)} y1={y(tick)} y2={y(tick)} className={GRID_CLASS} />
              <text x={at(axis - 6)} y={y(tick)} dy="0.32em" textAnchor="end" className={LABEL_CLASS}>
                {tickLabels[i]}
              </text>
            </g>
          ))}
          {rows.map((row, i) => {
            const x = axis + i * band + (band - group) / 2
            const labelled = (rows.length - 1 - i) % every === 0
            return (
              <g key={row.id}>
                {row.track !== undefined && row.track > 0 && (
                  <rect
                    x={at(x, group)}
                    y={y(row.track)}
                    width={group}
                    height={baseline - y(row.track)}
                    rx={2}
                    className={TRACK_CLASS}
                  />
                )}
                {row.values.map((value, s) => {
                  const h = value > 0 ? Math.max(1, baseline - y(value)) : 0
                  return (
                    <rect
                      key={series[s]?.label ?? s}
                      x={at(x + inset + s * bar, bar)}
                      y={baseline - h}
                      width={Math.max(1, bar - (series.length > 1 ? 1 : 0))}
                      height={h}
                      rx={1.5}
                      className={TONE_FILL[series[s]?.tone ?? 'brand']}
                    />
                  )
                })}
                {labelled && (
                  <text x={at(x + group / 2)} y={HEIGHT - 8} textAnchor="middle" className={LABEL_CLASS}>
                    {row.label}
                  </text>
                )}
              </g>
            )
          })}
          <line x1={at(axis)} x2={at(width - 4)} y1={baseline} y2={baseline} className="stroke-slate-500" />
        </svg>
      )}
    </div>
  )
}
