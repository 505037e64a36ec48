// Field rules reused by several input schemas.
import * as v from 'valibot'
import { PASSWORD_MIN_LENGTH } from './constants.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'
import { isValidRut } from './rut.ts'

// Missing keys read as empty strings so they get the field's own message, not valibot's generic one.
const text = v.optional(v.string(message(m.fieldRequired)), '')

export const requiredText = (max = 255) =>
  v.pipe(text, v.trim(), v.nonEmpty(message(m.fieldRequired)), v.maxLength(max, message(m.tooLong)))

export const optionalText = (max = 255) => v.pipe(text, v.trim(), v.maxLength(max, message(m.tooLong)))

export const email = v.pipe(
  v.optional(v.string(message(m.emailInvalid)), ''),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(message(m.emailInvalid)),
  v.maxLength(255, message(m.tooLong)),
  v.email(message(m.emailInvalid)),
)

export const password = v.pipe(
  v.optional(v.string(message(m.passwordMin)), ''),
  v.minLength(PASSWORD_MIN_LENGTH, message(m.passwordMin)),
  v.maxLength(200, message(m.tooLong)),
)

export const requiredSecret = v.pipe(
  v.optional(v.string(message(m.fieldRequired)), ''),
  v.nonEmpty(message(m.fieldRequired)),
  v.maxLength(200, message(m.tooLong)),
)

export const rut = v.pipe(
  optionalText(20),
  v.check((value) => value === '' || isValidRut(value), message(m.rutInvalid)),
)

export function isPastOrTodayDate(value: string): boolean {
  return value <= new Date().toISOString().slice(0, 10)
}

export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

export const birthdate = v.pipe(
  optionalText(10),
  v.check((value) => value === '' || isRealDate(value), message(m.dateInvalid)),
  v.check((value) => value === '' || isPastOrTodayDate(value), message(m.birthdateFuture)),
)

export const passwordConfirmation = v.optional(v.string(message(m.passwordMismatch)), '')
