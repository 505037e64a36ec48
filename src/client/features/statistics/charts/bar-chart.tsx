// Bars across, one row per category (a role, a grade, a post): its name on the start side, its figure
// on the end side, and under them a bar per series over the row's outlined track. Names that would
// collide with the figure are shortened; the table beside the chart has them whole.
import { useLocale } from 'react-aria-components'
import { type ChartData, type ChartRow, LABEL_CLASS, maxOf, TONE_FILL, TRACK_CLASS } from './chart-data.ts'
import { fitText, textWidth } from './text-width.ts'
import { useWidth } from './use-width.ts'

const LINE = 18
const BAR = 12
const GAP = 4
const ROW_GAP = 14

export function BarChart({
  data,
  summary,
  caption,
  scale = 'shared',
}: {
  data: ChartData
  /** The chart in one sentence: what a screen reader announces for the picture. */
  summary: string
  /** The figure written at the end of a row ("2 of 5 · 40 %"). */
  caption: (row: ChartRow) => string
  /** `shared`: one scale for every row (amounts); `row`: each row against its own track (shares). */
  scale?: 'shared' | 'row'
}) {
  const [ref, width] = useWidth<HTMLDivElement>()
  const rtl = useLocale().direction === 'rtl'
  const { rows, series } = data
  const shared = maxOf(rows)
  const rowHeight = LINE + series.length * (BAR + GAP) + ROW_GAP
  const height = Math.max(rowHeight, rows.length * rowHeight - ROW_GAP)
  // Positions are worked out left to right, then mirrored for right-to-left languages.
  const at = (x: number, w = 0) => (rtl ? width - x - w : x)
  return (
    <div ref={ref} className="w-full">
      {width > 0 && (
        <svg
          role="img"
          aria-label={summary}
          // Text anchors are logical: "start" is the right-hand end in right-to-left languages.
          direction={rtl ? 'rtl' : 'ltr'}
          width={width}
          height={height}
          className="block"
        >
          {rows.map((row, i) => {
            const top = i * rowHeight
            const max = scale === 'row' ? Math.max(1, row.track ?? 0, ...row.values) : shared
            const length = (value: number) => (value / max) * width
            const figure = caption(row)
            const room = width - textWidth(figure) - 12
            const barsHeight = series.length * (BAR + GAP) - GAP
            return (
              <g key={row.id}>
                {/* A name keeps its own direction (a Spanish title in Arabic), anchored at the row's start. */}
                <text
                  x={at(0)}
                  y={top + 13}
                  textAnchor="start"
                  className={`${LABEL_CLASS} [unicode-bidi:plaintext]`}
                >
                  {fitText(row.label, room)}
                </text>
                <text
                  x={at(width)}
                  y={top + 13}
                  textAnchor="end"
                  className={`${LABEL_CLASS} font-semibold tabular-nums`}
                >
                  {figure}
                </text>
                {row.track !== undefined && row.track > 0 && (
                  <rect
                    x={at(0.5, length(row.track) - 1)}
                    y={top + LINE - 2 + 0.5}
                    width={Math.max(0, length(row.track) - 1)}
                    height={barsHeight + 4 - 1}
                    rx={3}
                    className={TRACK_CLASS}
                  />
                )}
                {row.values.map((value, s) => {
                  const w = value > 0 ? Math.max(2, length(value) - (row.track ? 4 : 0)) : 0
                  return (
                    <rect
                      key={series[s]?.label ?? s}
                      x={at(row.track ? 2 : 0, w)}
                      y={top + LINE + s * (BAR + GAP)}
                      width={w}
                      height={BAR}
                      rx={2}
                      className={TONE_FILL[series[s]?.tone ?? 'brand']}
                    />
                  )
                })}
              </g>
            )
          })}
        </svg>
      )}
    </div>
  )
}
