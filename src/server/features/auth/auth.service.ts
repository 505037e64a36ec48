// Sign-in, sign-out and password recovery rules.
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { PASSWORD_RESET_TTL_MS } from '#shared/constants.ts'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import type { Database } from '../../db/schema.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv, College } from '../../platform/context.ts'
import { randomToken, sha256 } from '../../platform/secrets.ts'
import { isPlatformHost } from '../../platform/tenancy.ts'

export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_MAX_PER_EMAIL = 5
export const LOGIN_MAX_PER_CLIENT = 20
export const FORGOT_MAX_PER_EMAIL = 3
export const FORGOT_MAX_PER_CLIENT = 10

/** The account an email signs in to on this host: the college's own, or a platform owner's on a platform host. */
/**
 * The accounts an email may sign in to on this host: the college's own, then (on a platform host) the
 * platform owner's. Both are tried at sign-in, so a college user who takes the owner's address on a
 * shared host cannot lock the owner out.
 */
export async function findLoginUsers(c: Context<AppEnv>, email: string) {
  const { db } = c.var.deps
  const base = db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .selectAll('users')
    .select('roles.key as role_key')
    .where('users.email', '=', email)
  const college = c.var.college
  const own = college ? await base.where('users.college_id', '=', college.id).executeTakeFirst() : undefined
  const platform = isPlatformHost(c)
    ? await base.where('users.college_id', 'is', null).executeTakeFirst()
    : undefined
  return [own, platform].filter((u) => u !== undefined)
}

export async function findLoginUser(c: Context<AppEnv>, email: string) {
  return (await findLoginUsers(c, email))[0]
}

export function publicOrigin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url)
  const trust = c.var.deps.config.trustProxy
  const proto =
    (trust && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim()) || url.protocol.replace(':', '')
  const host =
    (trust && c.req.header('x-forwarded-host')?.split(',')[0]?.trim()) || c.req.header('host') || url.host
  return `${proto}://${host}`
}

export async function createPasswordReset(
  db: Kysely<Database>,
  user: { id: number; college_id: number | null },
): Promise<string> {
  const token = randomToken()
  await db.transaction().execute(async (trx) => {
    // Only the newest link works: asking again invalidates the earlier ones.
    await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute()
    await trx
      .insertInto('password_resets')
      .values({
        college_id: user.college_id,
        user_id: user.id,
        token_hash: sha256(token),
        expires_at: new Date(Date.now() + PASSWORD_RESET_TTL_MS).toISOString(),
        used_at: null,
        created_at: nowIso(),
      })
      .execute()
  })
  return token
}

export function resetMail(
  college: College,
  user: { name: string; email: string },
  link: string,
  lang: string,
): { to: string; subject: string; text: string } {
  return {
    to: user.email,
    subject: translate(messages.resetMailSubject, lang, { college: college.name }),
    text: translate(messages.resetMailBody, lang, { name: user.name, college: college.name, link }),
  }
}
