// Who a post or an event is for: the whole college, some grades, or some courses.
import * as v from 'valibot'
import { plainString, recordId } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const ALL = 'all' as const
export type Target = number | typeof ALL

export type Grade = { id: number; name: string; position: number }
export type Course = { id: number; grade_id: number; name: string }

/** "Read by N of M" for those who publish: the families reached, and who has not read it yet. */
export type ReadReport = { read: number; total: number; unread: { id: number; name: string }[] }

/** A record's id made on the device (UUIDv7), so it can be written offline. */
export const uuid = v.pipe(plainString(m.idInvalid), v.regex(UUID_PATTERN, message(m.idInvalid)))

/** Target lists: ['all'] for everyone, or ids. Empty lists get the spec's "must be chosen" message. */
export const targets = (required: typeof m.courseRequired) =>
  v.pipe(
    v.optional(v.array(v.union([v.literal(ALL), recordId], message(required)), message(required)), []),
    v.minLength(1, message(required)),
    v.maxLength(200, message(m.tooLong)),
    v.transform((list) => (list.includes(ALL) ? [ALL] : [...new Set(list)])),
  )
