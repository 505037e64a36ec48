// How processes and practices read in the user's language: days (`YYYY-MM-DD`, the college's
// calendar days, so formatted in UTC where they never shift), times of day, weekdays and statuses.
import { useLingui } from '@lingui/react/macro'
import type { PracticeSchedule, ProcessStatus } from '#shared/processes.schema.ts'
import type { BadgeTone } from '../../ui/badge.tsx'

export const STATUS_TONES: Record<ProcessStatus, BadgeTone> = {
  running: 'success',
  upcoming: 'info',
  finished: 'neutral',
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`)
// 2024-01-01 was a Monday: weekday n (1 Monday … 7 Sunday) is 2024-01-0n.
const weekdayDate = (weekday: number) => new Date(Date.UTC(2024, 0, weekday))

export type ProcessFormat = ReturnType<typeof useProcessFormat>

export function useProcessFormat() {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const longDay = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })
  const clock = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
  const time = (hhmm: string) => clock.format(new Date(`1970-01-01T${hhmm}:00Z`))
  const weekdayName = (n: number) => weekday.format(weekdayDate(n))
  const statusLabels: Record<ProcessStatus, string> = {
    running: t`Running`,
    upcoming: t`Upcoming`,
    finished: t`Finished`,
  }
  return {
    statusLabels,
    day: (d: string) => day.format(utc(d)),
    longDay: (d: string) => longDay.format(utc(d)),
    /** "3 Mar – 31 Mar 2031", as the language writes a range. */
    range: (from: string, to: string) => day.formatRange(utc(from), utc(to)),
    time,
    timeRange: (from: string, to: string) => `${time(from)} – ${time(to)}`,
    weekdayName,
    /** Monday … Sunday, as choices for a select. */
    weekdays: [1, 2, 3, 4, 5, 6, 7].map((n) => ({ id: String(n), name: weekdayName(n) })),
    /** "Every Monday", or the date of a one-day practice. */
    when: (schedule: Pick<PracticeSchedule, 'weekday' | 'on_date'>) => {
      if (schedule.on_date) return longDay.format(utc(schedule.on_date))
      const name = weekdayName(schedule.weekday ?? 1)
      return t`Every ${name}`
    },
  }
}
