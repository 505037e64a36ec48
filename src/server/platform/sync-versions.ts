// Change numbers for the sync protocol: taken inside the writing transaction, per college.
import { type Kysely, PostgresAdapter } from 'kysely'
import type { Database } from '../db/schema.ts'
import { compiledOnce } from './compiled-once.ts'

/** Reserves `count` consecutive change numbers and returns the first. Call inside the write's transaction. */
export async function takeVersions(trx: Kysely<Database>, collegeId: number, count = 1): Promise<number> {
  // One statement: the college's first write makes its counter, every later one locks and bumps it.
  const row = await trx
    .insertInto('sync_counters')
    .values({ college_id: collegeId, value: count })
    .onConflict((oc) =>
      oc.column('college_id').doUpdateSet((eb) => ({ value: eb('sync_counters.value', '+', count) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow()
  return Number(row.value) - count + 1
}

export async function takeVersion(trx: Kysely<Database>, collegeId: number): Promise<number> {
  return takeVersions(trx, collegeId, 1)
}

/**
 * The college's last change number taken and committed: no committed row carries a later one, since a
 * number's taker holds the counter until its commit (a reader sees the value before it meanwhile).
 */
const counterOf = compiledOnce(
  (db, collegeId: number) =>
    db.selectFrom('sync_counters').select('value').where('college_id', '=', collegeId),
  [-7_901],
)

export async function lastVersion(db: Kysely<Database>, collegeId: number): Promise<number> {
  const [row] = await counterOf(db, collegeId)
  return Number(row?.value ?? 0)
}

/** The change number rows carry while their transaction is still writing; `stampVersion` replaces it. */
export const PENDING_VERSION = -1

/** Collections whose writes take their number last; each is the table of the same name. */
type StampedCollection = 'posts' | 'events' | 'pymes' | 'banners'

/**
 * Gives the rows this transaction wrote with PENDING_VERSION in the collection's table (and its rows
 * of `sync_exits` for that collection) their change number, taken as the write's last step. Taking a
 * number locks the college's counter until the commit, which is what keeps numbers committing in order
 * (a reader never skips one); taken last, the lock is not held while the write does its other work, so
 * a college's writers wait far less on each other. On PostgreSQL the numbers are taken inside the
 * commit itself, one per row in the order written, by a deferred trigger (migration 0016): no statement
 * is sent here, and the lock is not held while this server, however busy, gets round to sending the
 * commit. Other transactions' pending rows are invisible to a transaction, and committed rows never
 * carry PENDING_VERSION.
 */
export async function stampVersion(
  trx: Kysely<Database>,
  collegeId: number,
  collection: StampedCollection,
  { exits = false } = {},
): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) return
  // SQLite: the transaction holds the database's write lock from its first statement anyway.
  const version = await takeVersion(trx, collegeId)
  await trx
    .updateTable(collection)
    .set({ version })
    .where('college_id', '=', collegeId)
    .where('version', '=', PENDING_VERSION)
    .execute()
  if (exits)
    await trx
      .updateTable('sync_exits')
      .set({ version })
      .where('college_id', '=', collegeId)
      .where('collection', '=', collection)
      .where('version', '=', PENDING_VERSION)
      .execute()
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
