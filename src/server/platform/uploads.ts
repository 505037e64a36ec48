// A file sent as a form with the device's own id for it, so a replay from the outbox is recognised.
import type { Context } from 'hono'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { ApiError, validationError } from './errors.ts'

/** The upload's id (lower case) and its file field: 400 for a body that is not a form, 422 for a bad id. */
export async function readUpload(c: Context): Promise<{ id: string; file: unknown }> {
  let body: Record<string, unknown>
  try {
    body = await c.req.parseBody()
  } catch {
    throw new ApiError(400, messages.invalidData)
  }
  const id = typeof body.id === 'string' ? body.id.toLowerCase() : ''
  if (!UUID_PATTERN.test(id)) throw validationError({ id: [messages.idInvalid] })
  return { id, file: body.file }
}
