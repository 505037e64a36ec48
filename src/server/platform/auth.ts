// Bearer tokens: random, stored as SHA-256, valid only on the host of the college they belong to.
import type { Context, MiddlewareHandler } from 'hono'
import type { Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import type { Permission, RoleKey } from '#shared/permissions.ts'
import type { Database } from '../db/schema.ts'
import { nowIso } from './clock.ts'
import type { AppEnv, Auth } from './context.ts'
import { ApiError, forbidden, unauthenticated } from './errors.ts'
import { randomToken, sha256 } from './secrets.ts'
import { shortCache } from './short-cache.ts'
import { isPlatformHost } from './tenancy.ts'

const TOUCH_INTERVAL_MS = 60_000

const BEARER = 'Bearer '
const NO_SPACE = /^\S+$/

/** The token of an `Authorization: Bearer …` header. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  // As every client sends it, read without a match's array: asked on every request.
  if (header?.startsWith(BEARER)) {
    const token = header.slice(BEARER.length)
    if (NO_SPACE.test(token)) return token
  }
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1]
}

export function bearerToken(c: Context): string | undefined {
  return bearerTokenOf(c.req.header('authorization'))
}

export async function issueToken(
  db: Kysely<Database>,
  user: { id: number; college_id: number | null },
  name: string,
): Promise<string> {
  const token = randomToken()
  const now = nowIso()
  await db
    .insertInto('access_tokens')
    .values({
      college_id: user.college_id,
      user_id: user.id,
      token_hash: sha256(token),
      name,
      created_at: now,
      // Signing in is using the app (and the first request after it need not write again).
      last_used_at: now,
    })
    .execute()
  return token
}

export async function loadPermissions(db: Kysely<Database>, roleId: number): Promise<Permission[]> {
  const rows = await db
    .selectFrom('role_permissions')
    .select('permission')
    .where('role_id', '=', roleId)
    .execute()
  return rows.map((r) => r.permission as Permission)
}

export async function findUserByToken(
  db: Kysely<Database>,
  token: string,
  collegeId: number | null,
): Promise<Auth | undefined> {
  const row = await db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .selectAll('users')
    .select(['access_tokens.id as token_id', 'access_tokens.last_used_at', 'roles.key as role_key'])
    .where('access_tokens.token_hash', '=', sha256(token))
    .where('users.deactivated_at', 'is', null)
    .where((eb) =>
      collegeId === null
        ? eb('access_tokens.college_id', 'is', null)
        : eb('access_tokens.college_id', '=', collegeId),
    )
    .executeTakeFirst()
  if (!row) return undefined
  if (!row.last_used_at || Date.parse(row.last_used_at) < Date.now() - TOUCH_INTERVAL_MS) {
    await db
      .updateTable('access_tokens')
      .set({ last_used_at: nowIso() })
      .where('id', '=', row.token_id)
      .execute()
  }
  const { token_id, last_used_at: _lastUsed, role_key, ...user } = row
  const permissions = await loadPermissions(db, user.role_id)
  return { tokenId: token_id, user: { ...user, role_key: role_key as RoleKey, permissions } }
}

const sessions = (db: Kysely<Database>) => shortCache<Auth | undefined>(db, 'auth-by-token')
// The token's hash, never the token itself.
const sessionKey = (token: string, collegeId: number | null) => `${collegeId ?? 'platform'}:${sha256(token)}`

/** `findUserByToken` through the short cache. */
function signedIn(db: Kysely<Database>, token: string, collegeId: number | null) {
  return sessions(db).get(sessionKey(token, collegeId), () => findUserByToken(db, token, collegeId))
}

/** The session `requireAuth` kept for this token in this college, if it kept one (a signed-in one). */
export function keptSession(db: Kysely<Database>, token: string, collegeId: number): Auth | undefined {
  return sessions(db).peek(sessionKey(token, collegeId))?.value
}

/** Signs the request in from its bearer token, or answers 401 `{"message":"Unauthenticated."}`. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Signed in once per request, however many route groups ask for it.
  if (c.get('auth')) return next()
  const token = bearerToken(c)
  if (!token) throw unauthenticated()
  const { db } = c.get('deps')
  const college = c.get('college')
  let auth = college ? await signedIn(db, token, college.id) : undefined
  if (!auth && isPlatformHost(c)) auth = await signedIn(db, token, null)
  if (!auth) throw unauthenticated()
  if (auth.user.college_id !== null && college?.suspended_at) throw suspended()
  c.set('auth', auth)
  await next()
}

/**
 * A college's own endpoints: the user must belong to a college (the platform owner does not), so no
 * query ever runs for "college null". Put it after requireAuth.
 */
export const requireCollegeMember: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('auth').user.college_id === null) throw new ApiError(403, messages.collegeOnly)
  await next()
}

/** The platform owner suspended this college: its people see a clear page, and nothing is deleted. */
export const suspended = () => new ApiError(403, messages.collegeSuspended, { extra: { suspended: true } })

/** Only the platform's own users (no college); add `requirePermission('platform.manage')` after it. */
export const requirePlatformOwner: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('auth').user.college_id !== null) throw forbidden()
  await next()
}

export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('auth').user.permissions.includes(permission)) throw forbidden()
    await next()
  }
}

export async function revokeToken(db: Kysely<Database>, tokenId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('id', '=', tokenId).execute()
}

export async function revokeAllTokens(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute()
}
