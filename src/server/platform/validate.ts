// Request validation with the shared valibot schemas; failures become the spec's 422.
import type { Context } from 'hono'
import * as v from 'valibot'
import { hasControlCharacters, MAX_INT } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { ApiError, notFound, validationError } from './errors.ts'
import { requestLocale } from './i18n.ts'

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, messages.malformedJson)
  }
}

/** The first string in an input (at any depth) that holds a control character, as a field path. */
function controlCharacterPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return hasControlCharacters(value) ? path || 'body' : undefined
  if (!value || typeof value !== 'object') return undefined
  for (const [key, item] of Object.entries(value)) {
    const found = controlCharacterPath(item, path ? `${path}.${key}` : key)
    if (found) return found
  }
  return undefined
}

/**
 * A query string's fields as `validate` reads them from Hono's `c.req.query()`, or undefined where
 * the two could differ: a field given twice (Hono keeps the first) or without a name (Hono drops it).
 */
export function queryFields(query: URLSearchParams): Record<string, string> | undefined {
  const fields: Record<string, string> = {}
  for (const [key, value] of query) {
    if (key === '' || Object.hasOwn(fields, key)) return undefined
    fields[key] = value
  }
  return fields
}

/** `validate` for a caller that only needs to know whether the input is valid: its output, or undefined. */
export function validOrUndefined<S extends v.GenericSchema>(
  schema: S,
  fields: Record<string, string>,
): v.InferOutput<S> | undefined {
  if (controlCharacterPath(fields, '')) return undefined
  const result = v.safeParse(schema, fields, { abortPipeEarly: true })
  return result.success ? result.output : undefined
}

/** Query strings a fast read has seen, per schema, with what they validate to (null: refused). */
const seenQueries = new WeakMap<v.GenericSchema, Map<string, unknown>>()
/** Past this many, a schema's seen queries are forgotten: a cursor makes most of a list's queries unique. */
const SEEN_QUERIES = 256

/**
 * `validOrUndefined` of a query string's fields (`queryFields`), for a read asked the same question
 * over and over (a family's feed, a tab's sync): parsing and validating `limit=20` again cost the feed
 * about 15 of its ~400 µs a request. The output is frozen, as it is shared by every request asking it.
 */
export function validQuery<S extends v.GenericSchema>(
  schema: S,
  query: string,
): v.InferOutput<S> | undefined {
  let seen = seenQueries.get(schema)
  if (!seen) {
    seen = new Map()
    seenQueries.set(schema, seen)
  }
  const known = seen.get(query)
  if (known !== undefined) return known === null ? undefined : (known as v.InferOutput<S>)
  const fields = queryFields(new URLSearchParams(query))
  const valid = fields && validOrUndefined(schema, fields)
  if (seen.size >= SEEN_QUERIES) seen.clear()
  seen.set(query, valid ? Object.freeze(valid) : null)
  return valid
}

export function validate<S extends v.GenericSchema>(c: Context, schema: S, input: unknown): v.InferOutput<S> {
  // Every input is an object of fields; anything else (an array, a bare string) is read as no fields,
  // so the user gets each field's own message rather than a type error they cannot act on.
  const fields = input && typeof input === 'object' && !Array.isArray(input) ? input : {}
  // Whatever the schema says: no control character reaches a query (PostgreSQL refuses NUL with a 500).
  const bad = controlCharacterPath(fields, '')
  if (bad) throw validationError({ [bad]: [messages.controlCharacters] })
  const result = v.safeParse(schema, fields, { lang: requestLocale(c), abortPipeEarly: true })
  if (result.success) return result.output
  const errors: Record<string, string[]> = {}
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? 'body'
    errors[field] ??= []
    errors[field].push(issue.message)
  }
  throw validationError(errors)
}

/** A numeric id from the path (`/users/12`): anything else names nothing (404), never a query error. */
export function pathId(value: string | undefined): number {
  const id = Number(value)
  if (!value || !/^\d{1,10}$/.test(value) || id < 1 || id > MAX_INT) throw notFound()
  return id
}
