// Read receipts: a read made offline counts with the time it was read, not the time it synced.
import type { Kysely } from 'kysely'
import type { ReadReport } from '#shared/posts.schema.ts'
import type { Database } from '../../db/schema.ts'
import { readReportOf } from '../../platform/read-report.ts'
import { takeVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export async function recordPostRead(
  db: Kysely<Database>,
  collegeId: number,
  userId: number,
  postId: string,
  readAt: string,
): Promise<string> {
  const scope = tenantScope(db, collegeId)
  const existing = await scope
    .selectFrom('post_reads')
    .select(['read_at'])
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  // The first read wins; a later device reporting the same read changes nothing.
  if (existing && existing.read_at <= readAt) return existing.read_at
  try {
    await writeRead(db, collegeId, userId, postId, readAt, existing !== undefined)
  } catch (error) {
    // Two devices reported the first read at once and the other one was stored first: compare again.
    if (
      !existing &&
      (await scope
        .selectFrom('post_reads')
        .select('id')
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .executeTakeFirst())
    )
      return recordPostRead(db, collegeId, userId, postId, readAt)
    throw error
  }
  return readAt
}

async function writeRead(
  db: Kysely<Database>,
  collegeId: number,
  userId: number,
  postId: string,
  readAt: string,
  existing: boolean,
) {
  await db.transaction().execute(async (trx) => {
    const version = await takeVersion(trx, collegeId)
    const t = tenantScope(trx, collegeId)
    if (existing) {
      await t
        .updateTable('post_reads')
        .set({ read_at: readAt, version })
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .where('read_at', '>', readAt)
        .execute()
    } else {
      await t
        .insertInto('post_reads', { post_id: postId, user_id: userId, read_at: readAt, version })
        .execute()
    }
  })
}

export async function readReport(
  db: Kysely<Database>,
  collegeId: number,
  postId: string,
): Promise<ReadReport> {
  const scope = tenantScope(db, collegeId)
  const targets = await scope
    .selectFrom('post_targets')
    .select(['grade_id', 'course_id'])
    .where('post_id', '=', postId)
    .execute()
  return readReportOf(scope, targets, (audience) =>
    scope
      .selectFrom('post_reads')
      .select('user_id')
      .where('post_id', '=', postId)
      .where('user_id', 'in', audience)
      .execute(),
  )
}
