import * as v from 'valibot'
import { messages } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const MAX_PAGE_SIZE = 100

export const pageQuerySchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(500, message(messages.tooLong)))),
  limit: v.pipe(
    v.optional(v.string(), '20'),
    v.transform(Number),
    v.number(message(messages.fieldRequired)),
    v.integer(message(messages.fieldRequired)),
    v.minValue(1, message(messages.fieldRequired)),
    v.transform((n) => Math.min(n, MAX_PAGE_SIZE)),
  ),
})

export type Page<T> = { data: T[]; next_cursor: string | null }
