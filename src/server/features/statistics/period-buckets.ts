// The weeks and months of a period in the college's calendar, as UTC ranges a query can group rows
// into: a row counts in the week of its local day, whatever the offset was that day (daylight saving
// included), and every week or month of the period is listed, empty ones too, so charts have no gaps.
import { sql } from 'kysely'
import { addDays, zonedToUtc } from '#shared/time-zones.ts'
import type { Period } from './statistics-period.ts'

export type Bucket = { label: string; starts: string; ends: string }

/** `YYYY-Www` of a date (ISO 8601: weeks start on Monday, week 1 holds the year's first Thursday). */
export function isoWeekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  const weekday = day.getUTCDay() || 7
  // The Thursday of this week decides its year.
  const thursday = new Date(day.getTime() + (4 - weekday) * 86_400_000)
  const year = thursday.getUTCFullYear()
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1
  return `${year}-W${String(week).padStart(2, '0')}`
}

/** Consecutive days of the period with the same label, each as the UTC range of its local days. */
function bucketsBy(period: Period, labelOf: (date: string) => string): Bucket[] {
  const buckets: { label: string; first: string; last: string }[] = []
  for (let date = period.from; date <= period.to; date = addDays(date, 1)) {
    const label = labelOf(date)
    const current = buckets.at(-1)
    if (current?.label === label) current.last = date
    else buckets.push({ label, first: date, last: date })
  }
  // Each bucket ends where the next starts: every boundary worked out once.
  let starts = buckets.length ? zonedToUtc(`${buckets[0]!.first}T00:00`, period.zone) : ''
  return buckets.map((b) => {
    const ends = zonedToUtc(`${addDays(b.last, 1)}T00:00`, period.zone)
    const bucket = { label: b.label, starts, ends }
    starts = ends
    return bucket
  })
}

export const weeksOf = (period: Period) => bucketsBy(period, isoWeekOf)
export const monthsOf = (period: Period) => bucketsBy(period, (date) => date.slice(0, 7))

/**
 * The buckets as a derived table `(label, starts, ends)` to join rows to by their time. At most 58
 * weeks or 14 months: a few literal rows, the same SQL on both databases.
 */
export function bucketTable(buckets: Bucket[], alias: string) {
  const rows = buckets.map(
    (b) =>
      sql`select cast(${b.label} as text) as label, cast(${b.starts} as text) as starts, cast(${b.ends} as text) as ends`,
  )
  // Typed loosely: it is joined to tables of the query it goes in, whose columns it cannot know.
  return sql<any>`(${sql.join(rows, sql` union all `)})`.as(alias)
}
