// The rules both sides apply to practice schedules: the days a schedule meets, the processes' status,
// and when two schedules of a course overlap (the server refuses those; the calendar draws the rest).
import { describe, expect, it } from 'vitest'
import {
  type PracticeSchedule,
  processStatus,
  schedulesOverlap,
  sessionsOf,
  weekdayOf,
} from '#shared/processes.schema.ts'

const march = { starts_on: '2027-03-01', ends_on: '2027-03-31' }
const schedule = (overrides: Partial<PracticeSchedule> = {}): PracticeSchedule => ({
  id: 's',
  course_id: 1,
  weekday: 1,
  on_date: null,
  starts_at: '08:00',
  ends_at: '10:00',
  place: '',
  supervisor: '',
  notes: '',
  ...overrides,
})

describe('practice schedules', () => {
  it('knows the day of the week of a date, Monday first', () => {
    expect(weekdayOf('2027-03-01')).toBe(1)
    expect(weekdayOf('2027-03-07')).toBe(7)
  })

  it('meets every week on its day within the process, and within the days asked', () => {
    expect(
      sessionsOf(march, schedule({ weekday: 3 }), '2000-01-01', '2100-01-01').map((s) => s.date),
    ).toEqual(['2027-03-03', '2027-03-10', '2027-03-17', '2027-03-24', '2027-03-31'])
    expect(
      sessionsOf(march, schedule({ weekday: 3 }), '2027-03-11', '2027-03-24').map((s) => s.date),
    ).toEqual(['2027-03-17', '2027-03-24'])
    expect(
      sessionsOf(march, schedule({ weekday: null, on_date: '2027-03-15' }), '2027-03-16', '2027-04-01'),
    ).toEqual([])
  })

  it('tells upcoming, running and finished processes apart by the day', () => {
    expect(processStatus(march, '2027-02-28')).toBe('upcoming')
    expect(processStatus(march, '2027-03-01')).toBe('running')
    expect(processStatus(march, '2027-03-31')).toBe('running')
    expect(processStatus(march, '2027-04-01')).toBe('finished')
  })

  it('finds overlaps only on a shared day at overlapping times', () => {
    const april = { starts_on: '2027-04-01', ends_on: '2027-04-30' }
    const monday = schedule()
    expect(schedulesOverlap(monday, march, schedule({ starts_at: '09:59', ends_at: '11:00' }), march)).toBe(
      true,
    )
    expect(schedulesOverlap(monday, march, schedule({ starts_at: '10:00', ends_at: '11:00' }), march)).toBe(
      false,
    )
    expect(schedulesOverlap(monday, march, schedule({ weekday: 2 }), march)).toBe(false)
    expect(schedulesOverlap(monday, march, schedule(), april)).toBe(false)
    // A date that is a Monday of the process, and one that is not.
    expect(schedulesOverlap(monday, march, schedule({ weekday: null, on_date: '2027-03-08' }), march)).toBe(
      true,
    )
    expect(schedulesOverlap(monday, march, schedule({ weekday: null, on_date: '2027-03-09' }), march)).toBe(
      false,
    )
    // Processes that share only a Tuesday to Thursday: their Monday practices never meet.
    const a = { starts_on: '2027-03-01', ends_on: '2027-03-04' }
    const b = { starts_on: '2027-03-02', ends_on: '2027-03-07' }
    expect(schedulesOverlap(monday, a, monday, b)).toBe(false)
  })
})
