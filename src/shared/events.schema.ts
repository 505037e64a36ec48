// Events of the school calendar, as both sides validate them.
import * as v from 'valibot'
import { type Target, targets, uuid } from './audience.schema.ts'
import { COLOR_PATTERN } from './colleges.schema.ts'
import { isRealDate, optionalText, plainString, recordId, requiredText } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

const YEAR_MIN = '2000'
const YEAR_MAX = '2099'

/**
 * A start or end: a day (`2026-03-02`) for all-day events, else a moment stored as UTC ISO text
 * (`2026-03-02T11:30:00.000Z`), so comparing the text compares the times.
 */
const when = v.pipe(
  plainString(m.eventDateRequired),
  v.maxLength(40, message(m.dateTimeInvalid)),
  v.check((value) => isRealDate(value) || !Number.isNaN(Date.parse(value)), message(m.dateTimeInvalid)),
  v.transform((value) => (isRealDate(value) ? value : new Date(value).toISOString())),
  v.check(
    (value) => value.slice(0, 4) >= YEAR_MIN && value.slice(0, 4) <= YEAR_MAX,
    message(m.dateOutOfRange),
  ),
)

export const eventInputSchema = v.pipe(
  v.object({
    id: uuid,
    name: requiredText(200),
    description: v.optional(optionalText(5000), ''),
    location: v.optional(optionalText(300), ''),
    all_day: v.optional(v.boolean(), false),
    starts_at: when,
    ends_at: when,
    category_id: v.optional(v.nullable(recordId), null),
    grades: targets(m.gradeRequired),
    courses: targets(m.courseRequired),
  }),
  v.forward(
    v.partialCheck(
      [['all_day'], ['starts_at']],
      (input) => isRealDate(input.starts_at) === input.all_day,
      message(m.dateTimeInvalid),
    ),
    ['starts_at'],
  ),
  v.forward(
    v.partialCheck(
      [['all_day'], ['ends_at']],
      (input) => isRealDate(input.ends_at) === input.all_day,
      message(m.dateTimeInvalid),
    ),
    ['ends_at'],
  ),
  v.forward(
    v.partialCheck(
      [['starts_at'], ['ends_at']],
      (input) => input.ends_at >= input.starts_at,
      message(m.eventEndBeforeStart),
    ),
    ['ends_at'],
  ),
)
export type EventInput = v.InferInput<typeof eventInputSchema>
export type EventOutput = v.InferOutput<typeof eventInputSchema>

export const eventCategoryInputSchema = v.object({
  name: requiredText(60),
  color: v.pipe(plainString(m.colorInvalid), v.regex(COLOR_PATTERN, message(m.colorInvalid))),
})

export type CalendarEvent = {
  id: string
  name: string
  description: string
  location: string
  all_day: boolean
  /** All-day: the first day (`YYYY-MM-DD`); else the moment in UTC. */
  starts_at: string
  /** All-day: the last day, included; else the moment in UTC. */
  ends_at: string
  category_id: number | null
  grades: Target[]
  courses: Target[]
  author: { id: number; name: string }
  created_at: string
  updated_at: string
}

export type EventCategory = { id: number; name: string; color: string }

export type CalendarFeed = { https_url: string; webcal_url: string }
