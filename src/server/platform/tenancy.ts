// Every request resolves its college from the host it was sent to.
import type { Context, MiddlewareHandler } from 'hono'
import type { Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv, College } from './context.ts'
import { ApiError } from './errors.ts'
import { shortCache } from './short-cache.ts'

/** A host as nearly every request sends it: a lower-case name, perhaps with a port. */
const PLAIN_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d+)?$/

export function normalizeHost(raw: string | undefined | null): string {
  if (!raw) return ''
  // Asked on every request: nothing to split, trim, lower or strip but the port.
  if (PLAIN_HOST.test(raw)) {
    const colon = raw.indexOf(':')
    return colon < 0 ? raw : raw.slice(0, colon)
  }
  let host = raw.split(',')[0]!.trim().toLowerCase()
  if (host.startsWith('[')) host = host.slice(0, host.indexOf(']') + 1)
  else host = host.replace(/:\d+$/, '')
  return host.replace(/\.$/, '')
}

/** The host a request was sent to: the proxy's `X-Forwarded-Host` where it is trusted, else `Host`. */
export function hostOf(
  header: (name: string) => string | undefined,
  trustProxy: boolean,
): string | undefined {
  return (trustProxy ? header('x-forwarded-host') : undefined) ?? header('host')
}

export function requestHost(c: Context<AppEnv>): string {
  const host = hostOf((name) => c.req.header(name), c.get('deps').config.trustProxy)
  return normalizeHost(host ?? new URL(c.req.url).host)
}

export async function findCollegeByHost(db: Kysely<Database>, host: string): Promise<College | undefined> {
  if (!host) return undefined
  return db
    .selectFrom('colleges')
    .innerJoin('college_domains', 'college_domains.college_id', 'colleges.id')
    .selectAll('colleges')
    .where('college_domains.host', '=', host)
    .executeTakeFirst()
}

const collegesByHost = (db: Kysely<Database>) => shortCache<College | undefined>(db, 'college-by-host')

export const resolveCollege: MiddlewareHandler<AppEnv> = async (c, next) => {
  const host = requestHost(c)
  c.set('host', host)
  const { db } = c.get('deps')
  c.set('college', await collegesByHost(db).get(host, () => findCollegeByHost(db, host)))
  await next()
}

/** The college of `host` as `resolveCollege` kept it, if it did; a college known not to exist is none. */
export function keptCollege(db: Kysely<Database>, host: string): College | undefined {
  return collegesByHost(db).peek(host)?.value
}

export function isPlatformHost(c: Context<AppEnv>): boolean {
  return c.get('deps').config.platformHosts.includes(c.get('host'))
}

/** A host of the allow-list where local businesses' accounts work (`ADVERTISING_HOSTS`). */
export function isAdvertisingHost(c: Context<AppEnv>): boolean {
  return c.get('deps').config.advertisingHosts.includes(c.get('host'))
}

/** The college of this host, or 404 for a host no college uses. */
export function requireCollege(c: Context<AppEnv>): College {
  const college = c.get('college')
  if (!college) throw new ApiError(404, messages.unknownCollege)
  return college
}
