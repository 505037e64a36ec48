// Writing posts: every write takes a change number in its transaction, so mirrors see it once.
import { type Kysely, sql } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import type { Post, PostOutput } from '#shared/posts.schema.ts'
import type { Database } from '../../db/schema.ts'
import { audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import { compiledOnce } from '../../platform/compiled-once.ts'
import type { AuthUser } from '../../platform/context.ts'
import { createAtOnce, createsAtOnce } from '../../platform/create-at-once.ts'
import { createOnce, insertedNothing, storedReplay } from '../../platform/create-once.ts'
import { ApiError, forbidden, notFound, validationError } from '../../platform/errors.ts'
import { sanitizeRichText } from '../../platform/rich-text.ts'
import { removeStored, type Storage } from '../../platform/storage.ts'
import { PENDING_VERSION, recordExits, stampVersion, takeVersions } from '../../platform/sync-versions.ts'
import { resolveTargets, sameTargets, type TargetRow } from '../../platform/targets.ts'
import { type TenantScope, tenantScope } from '../../platform/tenant-scope.ts'
import { ChangedMeanwhile, nextStamp, writeUnlessChanged } from '../../platform/versioned-write.ts'
import { postDto, toPostDtos } from './post-dto.ts'
import { removeLaterIfUnused, takePostImages } from './post-image-files.ts'

async function checkCategory(scope: TenantScope, categoryId: number | null) {
  if (categoryId === null) return
  const found = await scope
    .selectFrom('post_categories')
    .select('id')
    .where('id', '=', categoryId)
    .executeTakeFirst()
  if (!found) throw validationError({ category_id: [messages.categoryUnknown] })
}

/** The pictures the post names, in its order, or a 422 when one is unknown or another post's. */
async function checkImages(scope: TenantScope, ids: string[], postId: string) {
  if (ids.length === 0) return []
  const found = await scope.selectFrom('post_images').selectAll().where('id', 'in', ids).execute()
  if (found.length !== new Set(ids).size || found.some((i) => i.post_id !== null && i.post_id !== postId)) {
    throw validationError({ image_ids: [messages.imageUnknown] })
  }
  const byId = new Map(found.map((image) => [image.id, image]))
  return ids.map((id, position) => ({ ...byId.get(id)!, post_id: postId, position }))
}

async function writeTargetsAndImages(
  trx: Kysely<Database>,
  collegeId: number,
  postId: string,
  targets: TargetRow[],
  imageIds: string[],
  fresh = false,
) {
  const scope = tenantScope(trx, collegeId)
  // A new post has no targets or pictures yet to take away.
  if (!fresh) await scope.deleteFrom('post_targets').where('post_id', '=', postId).execute()
  await scope
    .insertInto(
      'post_targets',
      targets.map((t) => ({ post_id: postId, ...t })),
    )
    .execute()
  if (!fresh) {
    const before = await scope.selectFrom('post_images').select('id').where('post_id', '=', postId).execute()
    const dropped = before.map((row) => row.id).filter((id) => !imageIds.includes(id))
    await removeLaterIfUnused(trx, collegeId, dropped)
    await scope.updateTable('post_images').set({ post_id: null }).where('post_id', '=', postId).execute()
  }
  for (const [position, id] of imageIds.entries()) {
    await scope.updateTable('post_images').set({ post_id: postId, position }).where('id', '=', id).execute()
  }
}

async function currentTargets(
  trx: Kysely<Database>,
  collegeId: number,
  postId: string,
): Promise<TargetRow[]> {
  return tenantScope(trx, collegeId)
    .selectFrom('post_targets')
    .select(['grade_id', 'course_id'])
    .where('post_id', '=', postId)
    .execute()
}

export async function loadPost(
  db: Kysely<Database>,
  collegeId: number,
  id: string,
): Promise<Post | undefined> {
  const row = await tenantScope(db, collegeId)
    .selectFrom('posts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || row.deleted_at) return undefined
  return (await toPostDtos(db, collegeId, [row]))[0]
}

export function canEdit(user: AuthUser, post: { author_id: number }): boolean {
  return post.author_id === user.id || user.role_key === 'admin'
}

/** Creates a post with the client's id. The same id again answers the stored post: a replay is a no-op. */
export async function createPost(db: Kysely<Database>, user: AuthUser, input: PostOutput, ip: string) {
  const scope = tenantScope(db, user.college_id!)
  const outcome = await createOnce({
    check: async () => {
      await checkCategory(scope, input.category_id)
      const targets = await resolveTargets(scope, input)
      return { targets, images: await checkImages(scope, input.image_ids, input.id) }
    },
    write: ({ targets }) => {
      const now = nowIso()
      return insertPost(db, user, input, ip, { now, publishAt: input.publish_at ?? now, targets })
    },
    replay: () => answerReplay(db, user, input.id),
  })
  if ('replay' in outcome) return outcome.replay
  const { checked, written } = outcome
  // Answered from what the write holds: the stored copy is exactly this (its change number, taken at
  // the commit, is not part of the answer).
  return { created: true, post: postDto(written, checked.targets, checked.images, user) }
}

/** A create whose id is already stored: the stored post (a replay), or why it cannot be. */
async function answerReplay(db: Kysely<Database>, user: AuthUser, id: string) {
  const collegeId = await storedReplay(db, 'posts', user, id)
  return collegeId === undefined ? undefined : { created: false, post: await loadPost(db, collegeId, id) }
}

async function insertPost(
  db: Kysely<Database>,
  user: AuthUser,
  input: PostOutput,
  ip: string,
  { now, publishAt, targets }: { now: string; publishAt: string; targets: TargetRow[] },
) {
  const collegeId = user.college_id!
  const row = {
    id: input.id,
    college_id: collegeId,
    author_id: user.id,
    category_id: input.category_id,
    title: input.title,
    content: sanitizeRichText(input.content),
    publish_at: publishAt,
    announced: publishAt <= now ? 1 : 0,
    version: PENDING_VERSION,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  }
  const entry = {
    collegeId,
    actorId: user.id,
    action: 'post.created',
    subjectType: 'post',
    subjectId: input.id,
    ip,
  }
  if (createsAtOnce(db)) {
    // One round trip instead of five (create-at-once.ts), its pictures as one more step.
    const places = input.image_ids.map((id, position) => sql`(${id}::text, ${position}::int)`)
    const pictures = places.length
      ? sql`, i as (
          update post_images set post_id = p.id, position = v.position
          from p, (values ${sql.join(places)}) as v (id, position)
          where post_images.college_id = ${collegeId}::int and post_images.id = v.id
        )`
      : undefined
    const created = await createAtOnce(db, {
      table: 'posts',
      row,
      targets: { table: 'post_targets', column: 'post_id', rows: targets },
      steps: pictures ? [pictures] : [],
      entry,
    })
    return created ? row : undefined
  }
  const stored = await db.transaction().execute(async (trx) => {
    const { college_id: _, ...values } = row
    const inserted = await tenantScope(trx, collegeId)
      .insertInto('posts', values)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst()
    // The id is taken (a replay, or the same request twice at once): nothing else is written.
    if (insertedNothing(inserted)) return false
    await writeTargetsAndImages(trx, collegeId, input.id, targets, input.image_ids, true)
    await audit(trx, entry)
    await stampVersion(trx, collegeId, 'posts')
    return true
  })
  return stored ? row : undefined
}

async function editablePost(db: Kysely<Database>, user: AuthUser, id: string) {
  const row = await tenantScope(db, user.college_id!)
    .selectFrom('posts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound()
  if (!canEdit(user, row)) throw forbidden()
  return row
}

/** The post changed since the version this write started from: the author chooses what to keep. */
async function conflict(db: Kysely<Database>, collegeId: number, id: string): Promise<never> {
  throw new ApiError(409, messages.editConflict, {
    extra: { current: (await loadPost(db, collegeId, id)) ?? null },
  })
}

/**
 * `base`: the `updated_at` of the version the author started from (sent as If-Match). When the post
 * changed since, nothing is written and the answer is a 409 with the post as it is now.
 */
export async function updatePost(
  db: Kysely<Database>,
  user: AuthUser,
  id: string,
  input: PostOutput,
  ip: string,
  base?: string,
) {
  const collegeId = user.college_id!
  const scope = tenantScope(db, collegeId)
  const row = await editablePost(db, user, id)
  if (row.deleted_at) throw notFound()
  if (base !== undefined && base !== row.updated_at) return conflict(db, collegeId, id)
  await checkCategory(scope, input.category_id)
  const targets = await resolveTargets(scope, input)
  await checkImages(scope, input.image_ids, id)
  const now = nowIso()
  const publishAt = input.publish_at ?? row.publish_at
  const written = await writeUnlessChanged(db, async (trx) => {
    const before = await currentTargets(trx, collegeId, id)
    // Whoever could see it and no longer can (other targets, or a date moved to the future) is told.
    if (!sameTargets(before, targets) || (row.publish_at <= now && publishAt > now)) {
      await recordExits(trx, collegeId, {
        collection: 'posts',
        rowId: id,
        version: PENDING_VERSION,
        published: row.publish_at <= now,
        targets: before,
      })
    }
    // Conditional on the version read above: of two edits racing from the same version, one wins and
    // the other finds the post changed (and its transaction writes nothing).
    const updated = await tenantScope(trx, collegeId)
      .updateTable('posts')
      .set({
        category_id: input.category_id,
        title: input.title,
        content: sanitizeRichText(input.content),
        publish_at: publishAt,
        announced: publishAt <= now ? 1 : 0,
        version: PENDING_VERSION,
        updated_at: nextStamp(row.updated_at),
      })
      .where('id', '=', id)
      .where('updated_at', '=', row.updated_at)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    // Rolled back before any change number is taken.
    if (Number(updated.numUpdatedRows) !== 1) throw new ChangedMeanwhile()
    await writeTargetsAndImages(trx, collegeId, id, targets, input.image_ids)
    await audit(trx, {
      collegeId,
      actorId: user.id,
      action: 'post.updated',
      subjectType: 'post',
      subjectId: id,
      ip,
    })
    await stampVersion(trx, collegeId, 'posts', { exits: true })
  })
  if (!written) return conflict(db, collegeId, id)
  return loadPost(db, collegeId, id)
}

/** Soft delete: the id stays taken, so a late replay of its creation cannot bring it back. */
export async function deletePost(
  db: Kysely<Database>,
  storage: Storage,
  user: AuthUser,
  id: string,
  ip: string,
  base?: string,
) {
  const collegeId = user.college_id!
  const row = await editablePost(db, user, id)
  if (row.deleted_at) return
  // Deleting a post someone changed meanwhile is confirmed by the author, like an edit.
  if (base !== undefined && base !== row.updated_at) return conflict(db, collegeId, id)
  let files: string[] = []
  const deleted = await writeUnlessChanged(db, async (trx) => {
    const now = nowIso()
    files = await takePostImages(trx, collegeId, id)
    await recordExits(trx, collegeId, {
      collection: 'posts',
      rowId: id,
      version: PENDING_VERSION,
      published: row.publish_at <= now,
      targets: await currentTargets(trx, collegeId, id),
    })
    const result = await tenantScope(trx, collegeId)
      .updateTable('posts')
      .set({ deleted_at: now, updated_at: nextStamp(row.updated_at), version: PENDING_VERSION })
      .where('id', '=', id)
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new ChangedMeanwhile()
    await audit(trx, {
      collegeId,
      actorId: user.id,
      action: 'post.deleted',
      subjectType: 'post',
      subjectId: id,
      ip,
    })
    await stampVersion(trx, collegeId, 'posts', { exits: true })
  })
  if (!deleted) return conflict(db, collegeId, id)
  await removeStored(storage, files)
}

/** Scheduled posts whose date has come get a new change number, so mirrors pull them now. */
/** Posts whose date has come and that no pull has announced yet (every pull asks, first). */
const duePosts = compiledOnce(
  (db, collegeId: number, now: string) =>
    tenantScope(db, collegeId)
      .selectFrom('posts')
      .select('id')
      .where('announced', '=', 0)
      .where('publish_at', '<=', now),
  [-7_902, '\u0000now'],
)

export async function announceDuePosts(db: Kysely<Database>, collegeId: number): Promise<void> {
  const due = await duePosts(db, collegeId, nowIso())
  if (due.length === 0) return
  await db.transaction().execute(async (trx) => {
    const first = await takeVersions(trx, collegeId, due.length)
    for (const [i, post] of due.entries()) {
      await tenantScope(trx, collegeId)
        .updateTable('posts')
        .set({ announced: 1, version: first + i })
        .where('id', '=', post.id)
        .where('announced', '=', 0)
        .execute()
    }
  })
}
