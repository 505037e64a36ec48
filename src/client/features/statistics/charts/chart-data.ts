// What every chart of the dashboard draws: categories (a week, a grade, a post), each with one bar
// per series and, behind them, an optional outlined "track" for what the bars are measured against
// (due behind collected, people behind the active ones).

export type Tone = 'brand' | 'muted'

export type ChartSeries = { label: string; tone: Tone }

export type ChartRow = {
  id: string
  /** The category as the axis or the row writes it (short). */
  label: string
  /** One value per series, in the series' order. */
  values: number[]
  /** What the values are measured against, drawn as an outline behind them. */
  track?: number
}

export type ChartData = {
  series: ChartSeries[]
  /** Names the outline when the rows have one ("Due", "People who can sign in"). */
  trackLabel?: string
  rows: ChartRow[]
}

/** Fill colours that read at 3:1 or more on the card in both themes (WCAG 1.4.11). */
export const TONE_FILL: Record<Tone, string> = {
  brand: 'fill-brand-ink',
  muted: 'fill-slate-500 dark:fill-slate-400',
}

export const TRACK_CLASS = 'fill-slate-100 stroke-slate-500 dark:fill-slate-800 dark:stroke-slate-400'
export const GRID_CLASS = 'stroke-slate-200 dark:stroke-slate-700'
export const LABEL_CLASS = 'fill-slate-600 text-xs dark:fill-slate-400'

/** The largest value or track among the rows (1 when all are zero, so nothing divides by zero). */
export function maxOf(rows: ChartRow[]): number {
  return Math.max(1, ...rows.flatMap((r) => [...r.values, r.track ?? 0]))
}

/** Round steps for an axis from 0 to at least `max`: 0, 5, 10, 15 rather than 0, 4.3, 8.6. */
export function niceTicks(max: number, count = 4): number[] {
  const top = Math.max(max, 1)
  const rough = top / count
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const step = ([1, 2, 2.5, 5, 10].find((f) => f * magnitude >= rough) ?? 10) * magnitude
  // Whole things (people, messages) never get a step of a half.
  const whole = Math.max(1, Math.ceil(step))
  return Array.from({ length: Math.ceil(top / whole) + 1 }, (_, i) => i * whole)
}
