// The query of every list: a keyset cursor and a page size, and for admin lists a search text and a
// sort. Both sides read it: the server validates it, the client keeps it in the address so a list
// can be bookmarked and shared.
import * as v from 'valibot'
import { plainString } from './fields.schema.ts'
import { messages } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const MAX_PAGE_SIZE = 100
export const ADMIN_PAGE_SIZE = 25

const cursor = v.optional(v.pipe(plainString(), v.maxLength(500, message(messages.tooLong))))
const limit = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform(Number),
    v.number(message(messages.numberInvalid)),
    v.integer(message(messages.numberInvalid)),
    v.minValue(1, message(messages.numberInvalid)),
    v.transform((n) => Math.min(n, MAX_PAGE_SIZE)),
  )

export const pageQuerySchema = v.object({ cursor, limit: limit(20) })

/** An admin list's query; `sort` is a column name, or the name after "-" for descending order. */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultSort: string = sortable[0],
) {
  const sorts = [...sortable, ...sortable.map((s) => `-${s}`)] as [string, ...string[]]
  return v.object({
    q: v.optional(v.pipe(plainString(), v.trim(), v.maxLength(100, message(messages.tooLong))), ''),
    cursor,
    limit: limit(ADMIN_PAGE_SIZE),
    sort: v.optional(v.picklist(sorts, message(messages.sortInvalid)), defaultSort),
  })
}

export type Page<T> = { data: T[]; next_cursor: string | null }
