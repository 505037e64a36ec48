// The weeks and months a dashboard groups a period into: every day of the period in exactly one
// bucket, each bucket from a local midnight to the next bucket's, daylight-saving changes included.
import { describe, expect, it } from 'vitest'
import { type Bucket, monthsOf, weeksOf } from '#server/features/statistics/period-buckets.ts'
import { periodOf } from '#server/features/statistics/statistics-period.ts'
import { wallClock } from '#shared/time-zones.ts'

const SANTIAGO = 'America/Santiago'

/** Each bucket starts where the one before ended, at a local midnight; the first and last close the period. */
function expectSeamless(buckets: Bucket[], period: ReturnType<typeof periodOf>) {
  expect(buckets[0]!.starts).toBe(period.start)
  expect(buckets.at(-1)!.ends).toBe(period.end)
  buckets.forEach((bucket, i) => {
    if (i > 0) expect(bucket.starts).toBe(buckets[i - 1]!.ends)
    expect(wallClock(bucket.starts, SANTIAGO).slice(11)).toBe('00:00')
    expect(bucket.ends > bucket.starts).toBe(true)
  })
}

describe('period buckets', () => {
  // Santiago's clocks go back on 4 April 2026 (-03 to -04) and forward on 6 September (-04 to -03).
  const year = periodOf('2026-03-30', '2026-09-13', SANTIAGO)

  it('cuts a period into ISO weeks at local midnights, across both changes of the clocks', () => {
    const weeks = weeksOf(year)
    expect(weeks.map((w) => w.label).slice(0, 2)).toEqual(['2026-W14', '2026-W15'])
    expect(weeks).toHaveLength(24)
    expectSeamless(weeks, year)
    // The week of the change back is an hour longer, the week of the change forward an hour shorter.
    const hours = (w: Bucket) => (Date.parse(w.ends) - Date.parse(w.starts)) / 3_600_000
    expect(weeks.map(hours).filter((h) => h !== 168)).toEqual([169, 167])
  })

  it('cuts it into calendar months, the first and last ones partial', () => {
    const months = monthsOf(year)
    expect(months.map((m) => m.label)).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
    ])
    expectSeamless(months, year)
    expect(months[1]).toEqual({
      label: '2026-04',
      starts: '2026-04-01T03:00:00.000Z',
      ends: '2026-05-01T04:00:00.000Z',
    })
  })

  it('gives a one-day period one bucket of each kind', () => {
    const day = periodOf('2026-04-04', '2026-04-04', SANTIAGO)
    expect(weeksOf(day)).toEqual([{ label: '2026-W14', starts: day.start, ends: day.end }])
    expect(monthsOf(day)).toEqual([{ label: '2026-04', starts: day.start, ends: day.end }])
    // The day the clocks go back lasts 25 hours.
    expect((Date.parse(day.end) - Date.parse(day.start)) / 3_600_000).toBe(25)
  })
})
