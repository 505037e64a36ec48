// Sign-in, sign-out and password recovery rules.
import type { Context } from 'hono'
import type { AppEnv } from '../../platform/context.ts'
import { isPlatformHost } from '../../platform/tenancy.ts'

export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_MAX_PER_EMAIL = 5
export const LOGIN_MAX_PER_CLIENT = 20
export const FORGOT_MAX_PER_EMAIL = 3
export const FORGOT_MAX_PER_CLIENT = 10

/**
 * The accounts an email may sign in to on this host: the college's own, then (on a platform host) the
 * platform owner's. Both are tried at sign-in, so a college user who takes the owner's address on a
 * shared host cannot lock the owner out.
 */
export async function findLoginUsers(c: Context<AppEnv>, email: string) {
  const { db } = c.get('deps')
  const base = db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .selectAll('users')
    .select('roles.key as role_key')
    .where('users.email', '=', email)
  const college = c.get('college')
  const own = college ? await base.where('users.college_id', '=', college.id).executeTakeFirst() : undefined
  const platform = isPlatformHost(c)
    ? await base.where('users.college_id', 'is', null).executeTakeFirst()
    : undefined
  return [own, platform].filter((u) => u !== undefined)
}

export async function findLoginUser(c: Context<AppEnv>, email: string) {
  return (await findLoginUsers(c, email))[0]
}

/**
 * What a limit is counted per: the college (whatever its host names: localhost and 127.0.0.1 of
 * Colegio Demo share one allowance), or the platform on a platform-only host.
 */
export function limitScope(c: Context<AppEnv>): string {
  const college = c.get('college')
  return college ? `college:${college.id}` : `platform:${c.get('host')}`
}
