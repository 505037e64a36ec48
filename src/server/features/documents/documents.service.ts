// Writing documents: the client's id makes a repeated create answer the stored document, edits start
// from a version (If-Match) so two editors never overwrite each other unseen, and an audience that
// shrinks is recorded so the mirrors of those who lose the document drop it (and its kept copy).
import type { Kysely } from 'kysely'
import type { CollegeDocument, DocumentOutput } from '#shared/documents.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { todayIn } from '#shared/time-zones.ts'
import type { Database } from '../../db/schema.ts'
import { audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AuthUser, College } from '../../platform/context.ts'
import { storedReplay } from '../../platform/create-once.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { pokeUsers } from '../../platform/live.ts'
import { removeStored, type Storage } from '../../platform/storage.ts'
import { type AudienceTarget, recordExits, takeVersion } from '../../platform/sync-versions.ts'
import { resolveTargets, sameTargets } from '../../platform/targets.ts'
import { type TenantScope, tenantScope } from '../../platform/tenant-scope.ts'
import { ChangedMeanwhile, nextStamp, writeUnlessChanged } from '../../platform/versioned-write.ts'
import { toDocumentDtos } from './document-dto.ts'
import { removeDocumentFile } from './document-files.ts'

export type Writer = { user: AuthUser; college: College; ip: string }

async function checkCategory(scope: TenantScope, categoryId: number | null) {
  if (categoryId === null) return
  const found = await scope
    .selectFrom('document_categories')
    .select('id')
    .where('id', '=', categoryId)
    .executeTakeFirst()
  if (!found) throw validationError({ category_id: [messages.categoryUnknown] })
}

/** The stored audience rows of a form: grades and courses as posts have them, and named people. */
async function resolveAudience(scope: TenantScope, input: DocumentOutput): Promise<AudienceTarget[]> {
  const groups =
    input.grades.length && input.courses.length
      ? await resolveTargets(scope, { grades: input.grades, courses: input.courses })
      : []
  if (input.users.length) {
    const found = await scope.selectFrom('users').select('id').where('id', 'in', input.users).execute()
    if (found.length !== input.users.length)
      throw validationError({ users: [messages.documentPersonUnknown] })
  }
  return [
    ...groups.map((t) => ({ ...t, user_id: null })),
    ...input.users.map((user_id) => ({ grade_id: null, course_id: null, user_id })),
  ]
}

function checkDate(college: College, day: string) {
  if (day > todayIn(college.timezone)) throw validationError({ published_on: [messages.documentDateFuture] })
}

/** The uploaded file a document names: this person's upload, in no other document. */
async function checkFile(scope: TenantScope, user: AuthUser, fileId: string, documentId: string) {
  const file = await scope
    .selectFrom('document_files')
    .leftJoin('documents', 'documents.file_id', 'document_files.id')
    .select(['document_files.uploader_id', 'documents.id as used_by'])
    .where('document_files.id', '=', fileId)
    .executeTakeFirst()
  if (!file || (file.used_by !== null && file.used_by !== documentId) || file.uploader_id !== user.id)
    throw validationError({ file_id: [messages.documentFileMissing] })
}

async function writeTargets(
  trx: Kysely<Database>,
  collegeId: number,
  documentId: string,
  targets: AudienceTarget[],
) {
  const scope = tenantScope(trx, collegeId)
  await scope.deleteFrom('document_targets').where('document_id', '=', documentId).execute()
  await scope
    .insertInto(
      'document_targets',
      targets.map((t) => ({
        document_id: documentId,
        grade_id: t.grade_id,
        course_id: t.course_id,
        user_id: t.user_id ?? null,
      })),
    )
    .execute()
}

function currentTargets(
  trx: Kysely<Database>,
  collegeId: number,
  documentId: string,
): Promise<AudienceTarget[]> {
  return tenantScope(trx, collegeId)
    .selectFrom('document_targets')
    .select(['grade_id', 'course_id', 'user_id'])
    .where('document_id', '=', documentId)
    .execute()
}

export async function loadDocument(
  db: Kysely<Database>,
  collegeId: number,
  id: string,
): Promise<CollegeDocument | undefined> {
  const row = await tenantScope(db, collegeId)
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || row.deleted_at) return undefined
  return (await toDocumentDtos(db, collegeId, [row], true))[0]
}

/** A create whose id is already stored: the stored document (a replay), or why it cannot be. */
async function answerReplay(db: Kysely<Database>, user: AuthUser, id: string) {
  const collegeId = await storedReplay(db, 'documents', user, id)
  return collegeId === undefined
    ? undefined
    : { created: false, document: await loadDocument(db, collegeId, id) }
}

export async function createDocument(db: Kysely<Database>, writer: Writer, input: DocumentOutput) {
  const { user, college } = writer
  const collegeId = college.id
  const scope = tenantScope(db, collegeId)
  const replay = await answerReplay(db, user, input.id)
  if (replay) return replay
  checkDate(college, input.published_on)
  await checkCategory(scope, input.category_id)
  await checkFile(scope, user, input.file_id, input.id)
  const targets = await resolveAudience(scope, input)
  const now = nowIso()
  try {
    await db.transaction().execute(async (trx) => {
      const version = await takeVersion(trx, collegeId)
      await tenantScope(trx, collegeId)
        .insertInto('documents', {
          id: input.id,
          author_id: user.id,
          category_id: input.category_id,
          file_id: input.file_id,
          title: input.title,
          description: input.description,
          published_on: input.published_on,
          version,
          deleted_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute()
      await writeTargets(trx, collegeId, input.id, targets)
      await audit(trx, {
        collegeId,
        actorId: user.id,
        action: 'document.created',
        subjectType: 'document',
        subjectId: input.id,
        ip: writer.ip,
      })
    })
  } catch (error) {
    // The same request twice at once: the other copy stored it first, so this one is a replay.
    const replayed = await answerReplay(db, user, input.id)
    if (replayed) return replayed
    // Another document took the file meanwhile (the unique file_id): the form is told, not a 500.
    await checkFile(scope, user, input.file_id, input.id)
    throw error
  }
  pokeUsers(collegeId)
  return { created: true, document: await loadDocument(db, collegeId, input.id) }
}

async function storedDocument(db: Kysely<Database>, collegeId: number, id: string) {
  const row = await tenantScope(db, collegeId)
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || row.deleted_at) throw notFound()
  return row
}

async function conflict(db: Kysely<Database>, collegeId: number, id: string): Promise<never> {
  throw new ApiError(409, messages.editConflict, {
    extra: { current: (await loadDocument(db, collegeId, id)) ?? null },
  })
}

/** `base`: the `updated_at` the editor started from (If-Match); changed since, the answer is a 409. */
export async function updateDocument(
  db: Kysely<Database>,
  storage: Storage,
  writer: Writer,
  id: string,
  input: DocumentOutput,
  base?: string,
) {
  const { user, college } = writer
  const collegeId = college.id
  const scope = tenantScope(db, collegeId)
  const row = await storedDocument(db, collegeId, id)
  if (base !== undefined && base !== row.updated_at) return conflict(db, collegeId, id)
  checkDate(college, input.published_on)
  await checkCategory(scope, input.category_id)
  if (input.file_id !== row.file_id) await checkFile(scope, user, input.file_id, id)
  const targets = await resolveAudience(scope, input)
  const written = await writeUnlessChanged(db, async (trx) => {
    const version = await takeVersion(trx, collegeId)
    const before = await currentTargets(trx, collegeId, id)
    if (!sameTargets(before, targets))
      await recordExits(trx, collegeId, {
        collection: 'documents',
        rowId: id,
        version,
        published: true,
        targets: before,
      })
    const updated = await tenantScope(trx, collegeId)
      .updateTable('documents')
      .set({
        category_id: input.category_id,
        file_id: input.file_id,
        title: input.title,
        description: input.description,
        published_on: input.published_on,
        version,
        updated_at: nextStamp(row.updated_at),
      })
      .where('id', '=', id)
      .where('updated_at', '=', row.updated_at)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) throw new ChangedMeanwhile()
    await writeTargets(trx, collegeId, id, targets)
    await audit(trx, {
      collegeId,
      actorId: user.id,
      action: 'document.updated',
      subjectType: 'document',
      subjectId: id,
      ip: writer.ip,
    })
  })
  if (!written) return conflict(db, collegeId, id)
  // A replaced file goes once nothing names it.
  if (input.file_id !== row.file_id) await removeDocumentFile(db, storage, collegeId, row.file_id)
  pokeUsers(collegeId)
  return loadDocument(db, collegeId, id)
}

/**
 * Soft delete (the row stays so the mirrors that had it are told); the file's bytes go at once, so a
 * signed address minted just before stops working too.
 */
export async function deleteDocument(
  db: Kysely<Database>,
  storage: Storage,
  writer: Writer,
  id: string,
  base?: string,
) {
  const collegeId = writer.college.id
  const row = await tenantScope(db, collegeId)
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound()
  if (row.deleted_at) return
  if (base !== undefined && base !== row.updated_at) return conflict(db, collegeId, id)
  const deleted = await writeUnlessChanged(db, async (trx) => {
    const version = await takeVersion(trx, collegeId)
    await recordExits(trx, collegeId, {
      collection: 'documents',
      rowId: id,
      version,
      published: true,
      targets: await currentTargets(trx, collegeId, id),
    })
    const result = await tenantScope(trx, collegeId)
      .updateTable('documents')
      .set({ deleted_at: nowIso(), updated_at: nextStamp(row.updated_at), version })
      .where('id', '=', id)
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new ChangedMeanwhile()
    await audit(trx, {
      collegeId,
      actorId: writer.user.id,
      action: 'document.deleted',
      subjectType: 'document',
      subjectId: id,
      ip: writer.ip,
    })
  })
  if (!deleted) return conflict(db, collegeId, id)
  const file = await tenantScope(db, collegeId)
    .selectFrom('document_files')
    .select(['file_key', 'thumb_key'])
    .where('id', '=', row.file_id)
    .executeTakeFirst()
  if (file) await removeStored(storage, [file.file_key, file.thumb_key])
  pokeUsers(collegeId)
}

/** The first time this person opened it (on any device, offline ones counted when they sync). */
export async function recordOpen(
  db: Kysely<Database>,
  collegeId: number,
  userId: number,
  documentId: string,
  openedAt: string,
): Promise<string> {
  const scope = tenantScope(db, collegeId)
  const existing = await scope
    .selectFrom('document_opens')
    .select('opened_at')
    .where('document_id', '=', documentId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (existing && existing.opened_at <= openedAt) return existing.opened_at
  await db.transaction().execute(async (trx) => {
    const version = await takeVersion(trx, collegeId)
    await tenantScope(trx, collegeId)
      .insertInto('document_opens', {
        document_id: documentId,
        user_id: userId,
        opened_at: openedAt,
        version,
      })
      .onConflict((oc) =>
        oc
          .columns(['document_id', 'user_id'])
          .doUpdateSet({ opened_at: openedAt, version })
          .where('document_opens.opened_at', '>', openedAt),
      )
      .execute()
  })
  return openedAt
}
