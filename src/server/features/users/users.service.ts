import type { Context } from 'hono'
import type { ExpressionBuilder, Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import type { MessageDescriptor } from '#shared/i18n/translate.ts'
import type { Database } from '../../db/schema.ts'
import type { AppEnv, AuthUser } from '../../platform/context.ts'
import { ApiError } from '../../platform/errors.ts'
import { readJson } from '../../platform/validate.ts'

const PROFILE_FIELDS = [
  'name',
  'first_lastname',
  'second_lastname',
  'email',
  'rut',
  'phone',
  'birthdate',
] as const

/** The profile form arrives as multipart (with `_method=PUT` and an optional avatar) or as JSON. */
export async function readProfileBody(
  c: Context<AppEnv>,
): Promise<{ fields: Record<string, unknown>; avatar?: File }> {
  const type = c.req.header('content-type') ?? ''
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    // A body that does not parse as the form it claims to be is the client's mistake (400), not a 500.
    const body = await c.req.parseBody().catch(() => {
      throw new ApiError(400, messages.invalidData)
    })
    const fields: Record<string, unknown> = {}
    for (const key of PROFILE_FIELDS) {
      const value = body[key]
      if (value !== undefined) fields[key] = typeof value === 'string' ? value : undefined
    }
    const avatar = body.avatar
    return { fields, avatar: avatar instanceof File && avatar.size > 0 ? avatar : undefined }
  }
  const json = await readJson(c)
  return {
    fields: json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {},
  }
}

/** Rows of the same account space: the user's college, or the platform's own users. */
export function sameAccount(user: Pick<AuthUser, 'college_id'>) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    user.college_id === null
      ? eb('users.college_id', 'is', null)
      : eb('users.college_id', '=', user.college_id)
}

/**
 * The field messages of an email or RUT that another account of the same account space already has
 * (the college's, or the platform's own users). Each college is its own address book: answering "in
 * use" for an address of another one would tell a college user who the platform owner is.
 */
export async function uniquenessErrors(
  db: Kysely<Database>,
  space: Pick<AuthUser, 'college_id'>,
  values: { email: string; rut: string },
  exceptId?: number,
): Promise<Record<string, MessageDescriptor[]>> {
  const others = await db
    .selectFrom('users')
    .select(['id', 'email', 'rut'])
    .where(sameAccount(space))
    .where((eb) =>
      eb.or([eb('email', '=', values.email), ...(values.rut ? [eb('rut', '=', values.rut)] : [])]),
    )
    .execute()
  const errors: Record<string, MessageDescriptor[]> = {}
  for (const other of others) {
    if (other.id === exceptId) continue
    if (other.email === values.email) errors.email = [messages.emailTaken]
    if (values.rut && other.rut === values.rut) errors.rut = [messages.rutTaken]
  }
  return errors
}
