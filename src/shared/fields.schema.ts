// Field rules reused by several input schemas.
import * as v from 'valibot'
import { PASSWORD_MIN_LENGTH } from './constants.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'
import { formatRut, isValidRut } from './rut.ts'

/** Largest id or number a field accepts: PostgreSQL's `integer`, which SQLite would not enforce. */
export const MAX_INT = 2_147_483_647

// C0 control characters but tab, line feed and carriage return, and DEL: never typed by a person,
// refused by PostgreSQL (NUL), and a way to hide text. Linear: one pass, no backtracking.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value)
}

/** A string without control characters (every text field goes through it). */
export const plainString = (requiredMessage: typeof m.fieldRequired = m.fieldRequired) =>
  v.pipe(
    v.string(message(requiredMessage)),
    v.check((s) => !hasControlCharacters(s), message(m.controlCharacters)),
  )

// Missing keys read as empty strings so they get the field's own message, not valibot's generic one.
const text = v.optional(plainString(), '')

/** An id chosen from a list (a course, a grade, a category): a whole number the database can hold. */
export const recordId = v.pipe(
  v.number(message(m.numberInvalid)),
  v.integer(message(m.numberInvalid)),
  v.minValue(1, message(m.numberInvalid)),
  v.maxValue(MAX_INT, message(m.numberInvalid)),
)

const YEAR_MIN = 2000
const YEAR_MAX = 2099

/**
 * A moment as ISO text, in one canonical form (`2026-03-01T12:00:00.000Z`) so that comparing the
 * text compares the moments, and within years a school could mean (never year 10000).
 */
export const dateTime = v.pipe(
  plainString(m.dateTimeInvalid),
  v.maxLength(40, message(m.dateTimeInvalid)),
  v.check((value) => !Number.isNaN(Date.parse(value)), message(m.dateTimeInvalid)),
  v.check((value) => {
    const year = new Date(value).getUTCFullYear()
    return year >= YEAR_MIN && year <= YEAR_MAX
  }, message(m.dateOutOfRange)),
  v.transform((value) => new Date(value).toISOString()),
)

export const requiredText = (max = 255) =>
  v.pipe(text, v.trim(), v.nonEmpty(message(m.fieldRequired)), v.maxLength(max, message(m.tooLong)))

export const optionalText = (max = 255) => v.pipe(text, v.trim(), v.maxLength(max, message(m.tooLong)))

/** Ids chosen from a list (grades, courses, people): none by default, each once, at most `max`. */
export const idList = (required: typeof m.fieldRequired, max = 200) =>
  v.pipe(
    v.optional(v.array(recordId, message(required)), []),
    v.maxLength(max, message(m.tooLong)),
    v.transform((list) => [...new Set(list)]),
  )

export const email = v.pipe(
  v.optional(plainString(m.emailInvalid), ''),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(message(m.emailInvalid)),
  v.maxLength(255, message(m.tooLong)),
  v.email(message(m.emailInvalid)),
)

export const password = v.pipe(
  v.optional(plainString(m.passwordMin), ''),
  v.minLength(PASSWORD_MIN_LENGTH, message(m.passwordMin)),
  v.maxLength(200, message(m.tooLong)),
)

export const requiredSecret = v.pipe(
  v.optional(plainString(), ''),
  v.nonEmpty(message(m.fieldRequired)),
  v.maxLength(200, message(m.tooLong)),
)

/** A RUT, stored in one form (12.345.678-5) however it was typed, so the same RUT is found once. */
export const rut = v.pipe(
  optionalText(20),
  v.check((value) => value === '' || isValidRut(value), message(m.rutInvalid)),
  v.transform((value) => (value === '' ? '' : formatRut(value))),
)

/**
 * An id chosen from a list that the form may leave empty (0 or missing): `required` is the field's
 * own message ("Please choose a role").
 */
export const chosenId = (required: typeof m.fieldRequired) =>
  v.pipe(
    v.optional(v.number(message(required)), 0),
    v.integer(message(required)),
    v.minValue(1, message(required)),
    v.maxValue(MAX_INT, message(required)),
  )

/** An id in a query string (`?role=3`), or undefined when absent or empty. */
export const queryId = v.optional(
  v.pipe(
    v.string(),
    v.transform((value) => (value === '' ? undefined : value)),
    v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,10}$/, message(m.numberInvalid)),
        v.transform(Number),
        v.maxValue(MAX_INT, message(m.numberInvalid)),
      ),
    ),
  ),
)

export function isPastOrTodayDate(value: string): boolean {
  return value <= new Date().toISOString().slice(0, 10)
}

export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** A day a query may give (`?from=2026-03-02`): none (empty) or a real date. */
export const optionalDay = v.optional(
  v.pipe(
    plainString(),
    v.check((value) => value === '' || isRealDate(value), message(m.dateInvalid)),
  ),
  '',
)

export const birthdate = v.pipe(
  optionalText(10),
  v.check((value) => value === '' || isRealDate(value), message(m.dateInvalid)),
  v.check((value) => value === '' || value >= '1900-01-01', message(m.dateInvalid)),
  v.check((value) => value === '' || isPastOrTodayDate(value), message(m.birthdateFuture)),
)

export const passwordConfirmation = v.optional(plainString(m.passwordMismatch), '')

/**
 * A host name (colegio.example.cl, localhost) or an IPv4 address, without a scheme, port or path:
 * dot-separated labels of letters, digits and inner hyphens. Checked label by label, no backtracking.
 */
export function isHostName(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false
  return value
    .toLowerCase()
    .split('.')
    .every((label) => /^[a-z0-9-]{1,63}$/.test(label) && !label.startsWith('-') && !label.endsWith('-'))
}
