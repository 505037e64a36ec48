// Processes (an internship, an admission period) and the practice schedules of their courses, as both
// sides validate them, and the rules both apply: status by date, the sessions a schedule makes, and
// when two schedules of a course overlap. Days are `YYYY-MM-DD` and times `HH:MM`, in the college's
// time zone.
import * as v from 'valibot'
import { uuid } from './audience.schema.ts'
import { isRealDate, optionalText, plainString, recordId, requiredText } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'
import { addDays } from './time-zones.ts'

export const PROCESS_STATUSES = ['upcoming', 'running', 'finished'] as const
export type ProcessStatus = (typeof PROCESS_STATUSES)[number]

export type PracticeSchedule = {
  id: string
  course_id: number
  /** 1 Monday … 7 Sunday: every week within the process's dates; null when `on_date` is set. */
  weekday: number | null
  on_date: string | null
  starts_at: string
  ends_at: string
  place: string
  supervisor: string
  notes: string
}

export type Process = {
  id: string
  name: string
  description: string
  starts_on: string
  ends_on: string
  course_ids: number[]
  /** A family's copy holds only the schedules of its own courses. */
  schedules: PracticeSchedule[]
  created_at: string
  updated_at: string
}

const day = v.pipe(plainString(m.dateInvalid), v.check(isRealDate, message(m.dateInvalid)))
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
const time = v.pipe(plainString(m.scheduleTimeInvalid), v.regex(TIME, message(m.scheduleTimeInvalid)))

export const processInputSchema = v.pipe(
  v.object({
    id: uuid,
    name: requiredText(160),
    description: v.optional(optionalText(4000), ''),
    starts_on: day,
    ends_on: day,
    course_ids: v.pipe(
      v.optional(v.array(recordId, message(m.processCoursesRequired)), []),
      v.minLength(1, message(m.processCoursesRequired)),
      v.maxLength(200, message(m.tooLong)),
      v.transform((list) => [...new Set(list)]),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['starts_on'], ['ends_on']],
      (input) => input.ends_on >= input.starts_on,
      message(m.processEndBeforeStart),
    ),
    ['ends_on'],
  ),
)
export type ProcessInput = v.InferInput<typeof processInputSchema>
export type ProcessOutput = v.InferOutput<typeof processInputSchema>

export const scheduleInputSchema = v.pipe(
  v.object({
    id: uuid,
    course_id: recordId,
    weekday: v.optional(
      v.nullable(
        v.pipe(
          v.number(message(m.scheduleDayRequired)),
          v.integer(message(m.scheduleDayRequired)),
          v.minValue(1, message(m.scheduleDayRequired)),
          v.maxValue(7, message(m.scheduleDayRequired)),
        ),
      ),
      null,
    ),
    on_date: v.optional(v.nullable(day), null),
    starts_at: time,
    ends_at: time,
    place: v.optional(optionalText(200), ''),
    supervisor: v.optional(optionalText(160), ''),
    notes: v.optional(optionalText(1000), ''),
  }),
  v.forward(
    v.partialCheck(
      [['weekday'], ['on_date']],
      (input) => (input.weekday === null) !== (input.on_date === null),
      message(m.scheduleDayRequired),
    ),
    ['weekday'],
  ),
  v.forward(
    v.partialCheck(
      [['starts_at'], ['ends_at']],
      (input) => input.ends_at > input.starts_at,
      message(m.scheduleEndBeforeStart),
    ),
    ['ends_at'],
  ),
)
export type ScheduleInput = v.InferInput<typeof scheduleInputSchema>
export type ScheduleOutput = v.InferOutput<typeof scheduleInputSchema>

export function processStatus(process: Pick<Process, 'starts_on' | 'ends_on'>, today: string): ProcessStatus {
  if (today < process.starts_on) return 'upcoming'
  return today > process.ends_on ? 'finished' : 'running'
}

/** 1 Monday … 7 Sunday, of a `YYYY-MM-DD` day. */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay()
  return day === 0 ? 7 : day
}

export type PracticeSession = { date: string; schedule: PracticeSchedule }

/** The days a schedule meets between `from` and `to` (inclusive), within its process's dates. */
export function sessionsOf(
  process: Pick<Process, 'starts_on' | 'ends_on'>,
  schedule: PracticeSchedule,
  from: string,
  to: string,
): PracticeSession[] {
  const first = from > process.starts_on ? from : process.starts_on
  const last = to < process.ends_on ? to : process.ends_on
  if (schedule.on_date !== null)
    return schedule.on_date >= first && schedule.on_date <= last ? [{ date: schedule.on_date, schedule }] : []
  if (first > last || schedule.weekday === null) return []
  let date = addDays(first, (schedule.weekday - weekdayOf(first) + 7) % 7)
  const sessions: PracticeSession[] = []
  for (; date <= last; date = addDays(date, 7)) sessions.push({ date, schedule })
  return sessions
}

type Dated = Pick<Process, 'starts_on' | 'ends_on'>
type Timed = Pick<PracticeSchedule, 'weekday' | 'on_date' | 'starts_at' | 'ends_at'>

function sharesADay(a: Timed, aProcess: Dated, b: Timed, bProcess: Dated): boolean {
  // biome-ignore lint/complexity/useMathMinMax: ISO dates, compared as text; Math.max would give NaN
  const from = aProcess.starts_on > bProcess.starts_on ? aProcess.starts_on : bProcess.starts_on
  // biome-ignore lint/complexity/useMathMinMax: as above
  const to = aProcess.ends_on < bProcess.ends_on ? aProcess.ends_on : bProcess.ends_on
  if (from > to) return false
  if (a.on_date !== null && b.on_date !== null) return a.on_date === b.on_date
  if (a.on_date !== null) return a.on_date >= from && a.on_date <= to && weekdayOf(a.on_date) === b.weekday
  if (b.on_date !== null) return b.on_date >= from && b.on_date <= to && weekdayOf(b.on_date) === a.weekday
  if (a.weekday !== b.weekday) return false
  // The same weekday: they meet only if that weekday falls within the days both processes share.
  return (
    sessionsOf({ starts_on: from, ends_on: to }, { ...a, on_date: null } as PracticeSchedule, from, to)
      .length > 0
  )
}

/** Two schedules of one course overlap when they meet on a same day at times that overlap. */
export function schedulesOverlap(a: Timed, aProcess: Dated, b: Timed, bProcess: Dated): boolean {
  return a.starts_at < b.ends_at && b.starts_at < a.ends_at && sharesADay(a, aProcess, b, bProcess)
}
