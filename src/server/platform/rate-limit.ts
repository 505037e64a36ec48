// Fixed-window limits counted in the database, so several app servers share one count. Each attempt
// is counted by one atomic upsert before the work it limits (a password check) is done: attempts
// sent at the same time each get their own number, and only the first `max` go through.
import type { Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import type { Database } from '../db/schema.ts'
import { ApiError } from './errors.ts'

export type Limit = { key: string; max: number; windowMs: number }

async function take(db: Kysely<Database>, limit: Limit, now: number) {
  const expired = now - limit.windowMs
  return db
    .insertInto('rate_limits')
    .values({ key: limit.key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.window_start', '<=', expired)
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('rate_limits.window_start', '<=', expired)
          .then(now)
          .else(eb.ref('rate_limits.window_start'))
          .end(),
      })),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow()
}

/** Counts one attempt against each limit; 429 with Retry-After when one of them is used up. */
export async function consumeAttempt(db: Kysely<Database>, limits: Limit[], now = Date.now()): Promise<void> {
  for (const limit of limits) {
    const row = await take(db, limit, now)
    if (Number(row.count) > limit.max) {
      const seconds = Math.max(1, Math.ceil((Number(row.window_start) + limit.windowMs - now) / 1000))
      throw new ApiError(429, messages.tooManyAttempts, {
        values: { seconds },
        headers: { 'Retry-After': String(seconds) },
      })
    }
  }
}

/** Gives back one attempt (a sign-in that succeeded does not use up the client's allowance). */
export async function refundAttempt(db: Kysely<Database>, keys: string[]): Promise<void> {
  if (keys.length === 0) return
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', 'in', keys)
    .where('count', '>', 0)
    .execute()
}

/** Forgets a key's count (the person proved who they are). */
export async function clearLimits(db: Kysely<Database>, keys: string[]): Promise<void> {
  if (keys.length) await db.deleteFrom('rate_limits').where('key', 'in', keys).execute()
}
