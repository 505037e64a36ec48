// Sliding-window limits kept in the database, so several app servers share one count.
import type { Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import type { Database } from '../db/schema.ts'
import { ApiError } from './errors.ts'

export type Limit = { key: string; max: number; windowMs: number }

/** Throws 429 with Retry-After when any of the limits is already used up. */
export async function assertWithinLimits(db: Kysely<Database>, limits: Limit[], now = Date.now()) {
  for (const limit of limits) {
    const row = await db
      .selectFrom('rate_limit_hits')
      .select((eb) => [eb.fn.countAll().as('hits'), eb.fn.min('hit_at').as('oldest')])
      .where('key', '=', limit.key)
      .where('hit_at', '>', now - limit.windowMs)
      .executeTakeFirst()
    if (Number(row?.hits ?? 0) >= limit.max) {
      const seconds = Math.max(1, Math.ceil((Number(row?.oldest) + limit.windowMs - now) / 1000))
      throw new ApiError(429, messages.tooManyAttempts, {
        values: { seconds },
        headers: { 'Retry-After': String(seconds) },
      })
    }
  }
}

export async function recordHit(db: Kysely<Database>, limits: Limit[], now = Date.now()) {
  for (const limit of limits) {
    await db
      .deleteFrom('rate_limit_hits')
      .where('key', '=', limit.key)
      .where('hit_at', '<=', now - limit.windowMs)
      .execute()
    await db.insertInto('rate_limit_hits').values({ key: limit.key, hit_at: now }).execute()
  }
}

export async function clearHits(db: Kysely<Database>, keys: string[]) {
  if (keys.length) await db.deleteFrom('rate_limit_hits').where('key', 'in', keys).execute()
}
