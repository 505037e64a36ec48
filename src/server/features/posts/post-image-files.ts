// A gallery picture leaves storage with its post: at once when the post is deleted, and a week after it
// was uploaded, or dropped from a post by an edit, if no post names it by then. A week rather than a
// day: a post the server refused waits in the author's outbox, naming its uploaded pictures, until the
// author corrects it.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { enqueueJob, registerJob } from '../../platform/jobs.ts'
import { removeStored } from '../../platform/storage.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

const UNUSED_IMAGE_JOB = 'post-image.unused'
export const UNUSED_IMAGE_TTL_MS = 7 * 24 * 3600_000

/** Removes these pictures later unless a post names them by then. */
export async function removeLaterIfUnused(trx: Kysely<Database>, collegeId: number, ids: string[]) {
  const runAt = new Date(Date.now() + UNUSED_IMAGE_TTL_MS).toISOString()
  for (const id of ids) await enqueueJob(trx, { kind: UNUSED_IMAGE_JOB, collegeId, payload: { id }, runAt })
}

/**
 * Deletes a post's picture rows inside the caller's transaction and answers their stored files, to
 * remove once it commits (the rows first: a half-done removal leaves no reference to a missing file).
 */
export async function takePostImages(trx: Kysely<Database>, collegeId: number, postId: string) {
  const scope = tenantScope(trx, collegeId)
  const rows = await scope
    .selectFrom('post_images')
    .select(['image_key', 'thumb_key'])
    .where('post_id', '=', postId)
    .execute()
  if (rows.length) await scope.deleteFrom('post_images').where('post_id', '=', postId).execute()
  return rows.flatMap((row) => [row.image_key, row.thumb_key])
}

registerJob(UNUSED_IMAGE_JOB, async (deps, job) => {
  const { id } = job.payload as { id: string }
  const scope = tenantScope(deps.db, job.collegeId!)
  const row = await scope
    .selectFrom('post_images')
    .select(['image_key', 'thumb_key'])
    .where('id', '=', id)
    .where('post_id', 'is', null)
    .executeTakeFirst()
  if (!row) return
  const gone = await scope
    .deleteFrom('post_images')
    .where('id', '=', id)
    .where('post_id', 'is', null)
    .executeTakeFirst()
  if (Number(gone.numDeletedRows) === 1) await removeStored(deps.storage, [row.image_key, row.thumb_key])
})
