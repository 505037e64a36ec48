// Request validation with the shared valibot schemas; failures become the spec's 422.
import type { Context } from 'hono'
import * as v from 'valibot'
import { messages } from '#shared/i18n/messages.ts'
import { ApiError, validationError } from './errors.ts'
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

export function validate<S extends v.GenericSchema>(c: Context, schema: S, input: unknown): v.InferOutput<S> {
  // Every input is an object of fields; anything else (an array, a bare string) is read as no fields,
  // so the user gets each field's own message rather than a type error they cannot act on.
  const fields = input && typeof input === 'object' && !Array.isArray(input) ? input : {}
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
