// Edits that start from a version (If-Match): of two racing from the same one, one wins, one is told.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { nowIso } from './clock.ts'

export class ChangedMeanwhile extends Error {}

/**
 * The `updated_at` of a write: now, but always after the previous one, because it is also the
 * version an edit starts from (If-Match): two edits in the same millisecond must not share it.
 */
export function nextStamp(previous: string): string {
  const now = nowIso()
  return now > previous ? now : new Date(Date.parse(previous) + 1).toISOString()
}

/**
 * Runs a write that is conditional on the version read before it: true when it was written, false
 * when the row changed meanwhile (the work throws ChangedMeanwhile, and everything it did is rolled
 * back, change number included).
 */
export async function writeUnlessChanged(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<void>,
): Promise<boolean> {
  try {
    await db.transaction().execute(work)
    return true
  } catch (error) {
    if (error instanceof ChangedMeanwhile) return false
    throw error
  }
}
