// Change numbers for the sync protocol: taken inside the writing transaction, per college.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/** Reserves `count` consecutive change numbers and returns the first. Call inside the write's transaction. */
export async function takeVersions(trx: Kysely<Database>, collegeId: number, count = 1): Promise<number> {
  await trx
    .insertInto('sync_counters')
    .values({ college_id: collegeId, value: 0 })
    .onConflict((oc) => oc.column('college_id').doNothing())
    .execute()
  const row = await trx
    .updateTable('sync_counters')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('college_id', '=', collegeId)
    .returning('value')
    .executeTakeFirstOrThrow()
  return Number(row.value) - count + 1
}

export async function takeVersion(trx: Kysely<Database>, collegeId: number): Promise<number> {
  return takeVersions(trx, collegeId, 1)
}

/** A deleted row of a shared collection, so every mirror drops it on its next pull. */
export async function recordTombstone(
  trx: Kysely<Database>,
  collegeId: number,
  collection: string,
  rowId: string | number,
): Promise<void> {
  const version = await takeVersion(trx, collegeId)
  await trx
    .insertInto('sync_tombstones')
    .values({ college_id: collegeId, collection, row_id: String(rowId), version })
    .execute()
}

/** What these users may see changed (course, guardianship, role): their next pull starts over. */
export async function bumpSyncEpoch(trx: Kysely<Database>, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return
  await trx
    .updateTable('users')
    .set((eb) => ({ sync_epoch: eb('sync_epoch', '+', 1) }))
    .where('id', 'in', userIds)
    .execute()
}

export type AudienceTarget = { grade_id: number | null; course_id: number | null; user_id?: number | null }

/**
 * A row leaves the audience it had (deleted, re-targeted, moved back to a future date): its targets
 * are kept with the change number, so the next pull tells those who could see it, and nobody else.
 * Call inside the write's transaction, with the version the write took.
 */
export async function recordExits(
  trx: Kysely<Database>,
  collegeId: number,
  exit: { collection: string; rowId: string; version: number; published: boolean; targets: AudienceTarget[] },
): Promise<void> {
  const targets = exit.targets.length ? exit.targets : [{ grade_id: null, course_id: null }]
  await trx
    .insertInto('sync_exits')
    .values(
      targets.map((t) => ({
        college_id: collegeId,
        collection: exit.collection,
        row_id: exit.rowId,
        version: exit.version,
        published: exit.published ? 1 : 0,
        grade_id: t.grade_id,
        course_id: t.course_id,
        user_id: t.user_id ?? null,
      })),
    )
    .execute()
}
