// A file sent as a form with the device's own id for it, so a replay from the outbox is recognised.
import type { Context } from 'hono'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { ApiError, validationError } from './errors.ts'

/** The upload's id (lower case) and its file field: 400 for a body that is not a form, 422 for a bad id. */
export async function readUpload(
  c: Context,
): Promise<{ id: string; file: unknown; body: Record<string, unknown> }> {
  let body: Record<string, unknown>
  try {
    body = await c.req.parseBody()
  } catch {
    throw new ApiError(400, messages.invalidData)
  }
  const id = typeof body.id === 'string' ? body.id.toLowerCase() : ''
  if (!UUID_PATTERN.test(id)) throw validationError({ id: [messages.idInvalid] })
  return { id, file: body.file, body }
}

/** A multipart form's text fields, and its file under `fileField` when one was sent (400 if no form). */
export async function readForm(c: Context, fileField: string) {
  const body = await c.req.parseBody().catch(() => {
    throw new ApiError(400, messages.invalidData)
  })
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value
  const file = body[fileField]
  return { fields, file: file instanceof File && file.size > 0 ? file : undefined }
}

/** A file name safe to show and to send back in a header: no path, no control characters, not too long. */
export function cleanFileName(name: string, fallback: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is its purpose
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim()
  return (base || fallback).slice(0, 120)
}
