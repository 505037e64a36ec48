// The college's wall clock and UTC: events typed in Santiago keep their time across daylight saving.
import { describe, expect, it } from 'vitest'
import { addDays, todayIn, wallClock, zonedToUtc } from '#shared/time-zones.ts'

const SANTIAGO = 'America/Santiago'

describe('zonedToUtc', () => {
  it('uses the offset in force on that day (summer -03, winter -04 in Santiago)', () => {
    expect(zonedToUtc('2026-03-02T10:00', SANTIAGO)).toBe('2026-03-02T13:00:00.000Z')
    expect(zonedToUtc('2026-07-02T10:00', SANTIAGO)).toBe('2026-07-02T14:00:00.000Z')
  })

  it('reads a time that happens twice (clocks going back) as the first one', () => {
    // Santiago goes back from 24:00 to 23:00 on 4 April 2026; London from 02:00 to 01:00 on 25 October.
    expect(zonedToUtc('2026-04-04T23:30', SANTIAGO)).toBe('2026-04-05T02:30:00.000Z')
    expect(zonedToUtc('2026-10-25T01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z')
  })

  it('moves a time skipped by the clocks going forward by the gap', () => {
    // Santiago jumps from 00:00 to 01:00 on 6 September 2026.
    const utc = zonedToUtc('2026-09-06T00:30', SANTIAGO)
    expect(utc).toBe('2026-09-06T04:30:00.000Z')
    expect(wallClock(utc, SANTIAGO)).toBe('2026-09-06T01:30')
  })

  it('round-trips every hour of a year through the wall clock', () => {
    for (let hour = 0; hour < 365 * 24; hour += 7) {
      const utc = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000).toISOString()
      const local = wallClock(utc, SANTIAGO)
      const back = zonedToUtc(local, SANTIAGO)
      // Only the repeated hour maps to its first occurrence; every other time comes back exactly.
      expect(wallClock(back, SANTIAGO)).toBe(local)
    }
  })
})

describe('days', () => {
  it('knows the college day, not the device day', () => {
    const lateNightUtc = new Date('2026-11-23T02:00:00Z')
    expect(todayIn(SANTIAGO, lateNightUtc)).toBe('2026-11-22')
    expect(todayIn('Asia/Shanghai', lateNightUtc)).toBe('2026-11-23')
  })

  it("turns to the next day at the zone's midnight, asked again and again around it", () => {
    // Kathmandu is 5:45 ahead: its midnight is 18:15 UTC, within no whole hour.
    const asked = ['18:14:00', '18:14:59', '18:15:00', '18:15:30', '18:14:30'].map((time) =>
      todayIn('Asia/Kathmandu', new Date(`2026-11-23T${time}Z`)),
    )
    expect(asked).toEqual(['2026-11-23', '2026-11-23', '2026-11-24', '2026-11-24', '2026-11-23'])
    expect(todayIn(SANTIAGO, new Date('2026-11-23T02:59:59Z'))).toBe('2026-11-22')
    expect(todayIn(SANTIAGO, new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23')
  })

  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })
})
