// A document's file is uploaded first, with the device's id for it (so a retried upload is
// recognised), while the form is still being filled in; the document then names it. The type is
// read from the content: pictures are decoded and written again (which drops what hides in them),
// PDFs and office files must read as such, and macros, programs and web pages are refused.
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { DOCUMENT_MAX_BYTES } from '#shared/documents.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import type { Database } from '../../db/schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, validationError } from '../../platform/errors.ts'
import { sniffDocument } from '../../platform/file-types.ts'
import { ImageRefused, processImage } from '../../platform/images.ts'
import { enqueueJob, registerJob } from '../../platform/jobs.ts'
import { randomToken } from '../../platform/secrets.ts'
import { removeStored, type Storage } from '../../platform/storage.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { cleanFileName, readUpload } from '../../platform/uploads.ts'
import { toFileDto } from './document-dto.ts'

const UNUSED_FILE_JOB = 'document-file.unused'
const UNUSED_FILE_TTL_MS = 24 * 3600_000

/** Deletes a file row and its stored objects (the row first: a half-done removal leaves no reference). */
export async function removeDocumentFile(
  db: Kysely<Database>,
  storage: Storage,
  collegeId: number,
  id: string,
) {
  const scope = tenantScope(db, collegeId)
  const row = await scope
    .selectFrom('document_files')
    .select(['file_key', 'thumb_key'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return
  await scope.deleteFrom('document_files').where('id', '=', id).execute()
  await removeStored(storage, [row.file_key, row.thumb_key])
}

// An upload whose document never came (the form was abandoned) is removed a day later.
registerJob(UNUSED_FILE_JOB, async (deps, job) => {
  const { id } = job.payload as { id: string }
  const used = await tenantScope(deps.db, job.collegeId!)
    .selectFrom('documents')
    .select('id')
    .where('file_id', '=', id)
    .executeTakeFirst()
  if (!used) await removeDocumentFile(deps.db, deps.storage, job.collegeId!, id)
})

function imageRefused(error: unknown): never {
  if (error instanceof ImageRefused)
    throw validationError({
      file: [error.problem === 'pixels' ? messages.imagePixels : messages.documentFileType],
    })
  throw error
}

/** A small picture of the document: the picture itself, or the first page the browser drew for a PDF. */
async function thumbnail(data: Buffer): Promise<Buffer> {
  return processImage(data, (image) =>
    image()
      .rotate()
      .resize(480, 480, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer(),
  )
}

type Stored = { kind: string; mime: string; name: string; size: number; pages: number | null; keys: string[] }

async function storeFile(
  storage: Storage,
  collegeId: number,
  file: File,
  thumb: unknown,
): Promise<Stored & { fileKey: string; thumbKey: string | null }> {
  const data = Buffer.from(await file.arrayBuffer())
  const sniffed = sniffDocument(data, file.name)
  if ('refused' in sniffed)
    throw validationError({
      file: [sniffed.refused === 'macros' ? messages.documentFileMacros : messages.documentFileType],
    })
  const base = `documents/${collegeId}/${randomToken(18)}`
  const stem = cleanFileName(file.name, 'document').replace(/\.[a-z0-9]{1,5}$/i, '')
  const name = `${stem || 'document'}.${sniffed.ext}`
  let content = data
  let thumbData: Buffer | undefined
  if (sniffed.kind === 'image') {
    const made = await processImage(data, async (image) => ({
      full: await image()
        .rotate()
        .resize(3000, 3000, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 88 })
        .toBuffer(),
      thumb: await image()
        .rotate()
        .resize(480, 480, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 72 })
        .toBuffer(),
    })).catch(imageRefused)
    content = made.full
    thumbData = made.thumb
  } else if (thumb instanceof File && thumb.size > 0 && thumb.size <= 2 * 1024 * 1024) {
    // A first page drawn by the uploader's browser: kept only if it is a picture, after re-encoding.
    thumbData = await thumbnail(Buffer.from(await thumb.arrayBuffer())).catch(() => undefined)
  }
  const fileKey = `${base}.${sniffed.ext}`
  const thumbKey = thumbData ? `${base}-thumb.webp` : null
  await storage.put(fileKey, content)
  if (thumbKey && thumbData) await storage.put(thumbKey, thumbData)
  return {
    kind: sniffed.kind,
    mime: sniffed.mime,
    name,
    size: content.length,
    pages: sniffed.pages,
    fileKey,
    thumbKey,
    keys: thumbKey ? [fileKey, thumbKey] : [fileKey],
  }
}

export const documentFileRoutes = new Hono<AppEnv>()
documentFileRoutes.use('/api/v1/document-files', requireAuth, requireCollegeMember)

documentFileRoutes.post('/api/v1/document-files', requirePermission('documents.manage'), async (c) => {
  const { user } = c.get('auth')
  const { db, storage } = c.get('deps')
  const collegeId = user.college_id!
  const { id, file, body } = await readUpload(c)
  const existing = await db.selectFrom('document_files').selectAll().where('id', '=', id).executeTakeFirst()
  if (existing) {
    if (existing.college_id !== collegeId || existing.uploader_id !== user.id)
      throw new ApiError(409, messages.idTaken)
    return c.json(toFileDto(existing))
  }
  if (!(file instanceof File) || file.size === 0)
    throw validationError({ file: [messages.documentFileMissing] })
  if (file.size > DOCUMENT_MAX_BYTES) throw new ApiError(413, messages.documentFileSize)
  const stored = await storeFile(storage, collegeId, file, body.thumb)
  const row = {
    id,
    uploader_id: user.id,
    kind: stored.kind,
    mime: stored.mime,
    name: stored.name,
    size: stored.size,
    pages: stored.pages,
    file_key: stored.fileKey,
    thumb_key: stored.thumbKey,
    created_at: nowIso(),
  }
  try {
    await db.transaction().execute(async (trx) => {
      await tenantScope(trx, collegeId).insertInto('document_files', row).execute()
      await enqueueJob(trx, {
        kind: UNUSED_FILE_JOB,
        collegeId,
        payload: { id },
        runAt: new Date(Date.now() + UNUSED_FILE_TTL_MS).toISOString(),
      })
    })
  } catch (error) {
    // Nothing stays behind a failed request; the same upload arriving twice at once is a replay.
    await removeStored(storage, stored.keys)
    const again = await db.selectFrom('document_files').selectAll().where('id', '=', id).executeTakeFirst()
    if (again?.uploader_id === user.id && again.college_id === collegeId) return c.json(toFileDto(again))
    throw error
  }
  return c.json(toFileDto(row), 201)
})
