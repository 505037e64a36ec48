// Errors are thrown as ApiError and shaped once, in the spec's format, by `handleError`.
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { messages } from '#shared/i18n/messages.ts'
import { type MessageDescriptor, translate, type Values } from '#shared/i18n/translate.ts'
import { requestLocale } from './i18n.ts'
import { logger } from './logger.ts'

type FieldErrors = Record<string, MessageDescriptor[] | string[]>

export class ApiError extends Error {
  readonly status: ContentfulStatusCode
  readonly descriptor: MessageDescriptor
  readonly values: Values | undefined
  readonly fieldErrors: FieldErrors | undefined
  readonly headers: Record<string, string>
  /** More of the answer's body, beside `message` (a 409 carries the record as it is now). */
  readonly extra: Record<string, unknown> | undefined

  constructor(
    status: ContentfulStatusCode,
    descriptor: MessageDescriptor,
    options: {
      values?: Values
      errors?: FieldErrors
      headers?: Record<string, string>
      extra?: Record<string, unknown>
    } = {},
  ) {
    super(descriptor.message)
    this.status = status
    this.descriptor = descriptor
    this.values = options.values
    this.fieldErrors = options.errors
    this.headers = options.headers ?? {}
    this.extra = options.extra
  }
}

export const unauthenticated = () => new ApiError(401, messages.unauthenticated)
export const forbidden = () => new ApiError(403, messages.forbidden)
export const notFound = () => new ApiError(404, messages.notFound)

/** A 422 with one or more field messages. Strings are already translated (valibot issues). */
export function validationError(errors: FieldErrors): ApiError {
  return new ApiError(422, messages.invalidData, { errors })
}

/** The version a write started from (`If-Match: "…"`), when the client sent one. */
export function ifMatchOf(header: string | undefined): string | undefined {
  const value = header?.trim().replace(/^W\//, '')
  if (!value || value === '*') return undefined
  return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value
}

export function handleError(err: Error, c: Context): Response {
  const lang = requestLocale(c)
  if (err instanceof ApiError) {
    const body: { message: string; errors?: Record<string, string[]>; [key: string]: unknown } = {
      ...err.extra,
      // The spec's client signs out when the message is exactly "Unauthenticated.": never translated.
      message:
        err.descriptor === messages.unauthenticated
          ? err.descriptor.message
          : translate(err.descriptor, lang, err.values),
    }
    if (err.fieldErrors) {
      body.errors = Object.fromEntries(
        Object.entries(err.fieldErrors).map(([field, list]) => [
          field,
          list.map((item) => (typeof item === 'string' ? item : translate(item, lang))),
        ]),
      )
    }
    return c.json(body, err.status, err.headers)
  }
  if (err instanceof HTTPException) {
    const status = err.status
    const descriptor =
      status === 413 ? messages.bodyTooLarge : status === 400 ? messages.malformedJson : messages.notFound
    return c.json({ message: translate(descriptor, lang) }, status)
  }
  logger.error('unhandled error', { requestId: c.get('requestId'), error: err.stack ?? String(err) })
  return c.json({ message: translate(messages.serverError, lang), request_id: c.get('requestId') }, 500)
}
