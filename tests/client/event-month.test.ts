import { describe, expect, it } from 'vitest'
import { monthShown } from '#client/features/events/event-time.ts'

describe("the days a month grid shows (the calendar's first events are those days')", () => {
  it('whole weeks from the Monday on or before the first to the Sunday on or after the last', () => {
    // November 2026 begins on a Sunday and ends on a Monday.
    expect(monthShown('2026-11-28')).toEqual(['2026-10-26', '2026-12-06'])
    // February 2027 begins on a Monday and ends on a Sunday: exactly four weeks.
    expect(monthShown('2027-02-01')).toEqual(['2027-02-01', '2027-02-28'])
  })

  it('across a year end and in a leap February', () => {
    expect(monthShown('2026-12-31')).toEqual(['2026-11-30', '2027-01-03'])
    expect(monthShown('2028-02-15')).toEqual(['2028-01-31', '2028-03-05'])
  })
})
