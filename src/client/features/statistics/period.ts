// The dashboard's period as the address holds it (`?period=last-90`, or `?period=custom&from=…&to=…`)
// and the days it stands for in the college's time zone. Pure, so it is tested without a browser.
import { STATISTICS_MAX_DAYS } from '#shared/statistics.schema.ts'
import { addDays } from '#shared/time-zones.ts'

/** Not numbers ("30"): TanStack would read those back as numbers and quote them in the address. */
export const STATISTICS_PERIODS = ['last-30', 'last-90', 'this-year', 'custom'] as const
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number]

export type StatisticsSearch = { period?: StatisticsPeriod; from?: string; to?: string; college?: number }

export type DayRange = { from: string; to: string }

/** What the figures are asked for: the days and, for the platform owner, the college (else the host's). */
export type StatisticsQuery = DayRange & { college?: number }

/** The days of a preset, both ends included, ending today. */
export function presetRange(period: Exclude<StatisticsPeriod, 'custom'>, today: string): DayRange {
  if (period === 'this-year') return { from: `${today.slice(0, 4)}-01-01`, to: today }
  return { from: addDays(today, period === 'last-90' ? -89 : -29), to: today }
}

/** Which period the address means: dates alone (a shared link) are a custom period too. */
export function periodOf(search: StatisticsSearch): StatisticsPeriod {
  if (search.period) return search.period
  return search.from || search.to ? 'custom' : 'last-30'
}

/** The days asked for; a custom period missing an end takes it from the last 30 days. */
export function rangeOf(search: StatisticsSearch, today: string): DayRange {
  const period = periodOf(search)
  if (period !== 'custom') return presetRange(period, today)
  const fallback = presetRange('last-30', today)
  return { from: search.from ?? fallback.from, to: search.to ?? fallback.to }
}

export type RangeProblem = 'order' | 'too-long'

/** What is wrong with a custom period before asking the server (which checks it again). */
export function rangeProblem({ from, to }: DayRange): RangeProblem | undefined {
  if (from > to) return 'order'
  return daysIn({ from, to }) > STATISTICS_MAX_DAYS ? 'too-long' : undefined
}

export function daysIn({ from, to }: DayRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
}

/** The Monday (`YYYY-MM-DD`) an ISO week (`YYYY-Www`) starts on. */
export function isoWeekStart(week: string): string {
  const [year, number] = week.split('-W').map(Number) as [number, number]
  // 4 January is always in week 1; its week starts on the Monday before (or on) it.
  const jan4 = Date.UTC(year, 0, 4)
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7
  return new Date(jan4 + ((number - 1) * 7 - weekday) * 86_400_000).toISOString().slice(0, 10)
}
