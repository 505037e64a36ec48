// Pictures and PDFs of messages. A file is uploaded first with the device's id (a replay finds it
// stored), checked by its content: a picture is decoded and written again (which drops anything
// hidden in it), a PDF must read as one. It is served only to those who may see its message (and to
// its uploader before the message is written), through an authenticated request, never a public address.
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import { MESSAGE_FILE_MAX_BYTES, type MessageAttachment } from '#shared/messenger.schema.ts'
import { UUID_PATTERN } from '#shared/posts.schema.ts'
import type { Database } from '../../db/schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv, AuthUser } from '../../platform/context.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { isPdf } from '../../platform/file-types.ts'
import { ImageRefused, processImage } from '../../platform/images.ts'
import { enqueueJob, registerJob } from '../../platform/jobs.ts'
import { sendStored } from '../../platform/media.ts'
import { randomToken } from '../../platform/secrets.ts'
import { removeStored } from '../../platform/storage.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { cleanFileName, readUpload } from '../../platform/uploads.ts'

const UNSENT_FILE_JOB = 'message-attachment.unsent'
const UNSENT_FILE_TTL_MS = 24 * 3600_000

registerJob(UNSENT_FILE_JOB, async (deps, job) => {
  const { id } = job.payload as { id: string }
  const scope = tenantScope(deps.db, job.collegeId!)
  const row = await scope
    .selectFrom('message_attachments')
    .select(['file_key', 'thumb_key'])
    .where('id', '=', id)
    .where('message_id', 'is', null)
    .executeTakeFirst()
  if (!row) return
  await scope.deleteFrom('message_attachments').where('id', '=', id).where('message_id', 'is', null).execute()
  await removeStored(deps.storage, [row.file_key, row.thumb_key])
})

export const messageAttachmentRoutes = new Hono<AppEnv>()
messageAttachmentRoutes.use('/api/v1/message-attachments/*', requireAuth, requireCollegeMember)
messageAttachmentRoutes.use('/api/v1/message-attachments', requireAuth, requireCollegeMember)

type Row = Database['message_attachments']

export function toAttachmentDto(
  row: Pick<Row, 'id' | 'kind' | 'name' | 'size' | 'width' | 'height'>,
): MessageAttachment {
  return {
    id: row.id,
    kind: row.kind as MessageAttachment['kind'],
    name: row.name,
    size: row.size,
    width: row.width,
    height: row.height,
  }
}

/** The attachments of these messages, by message. */
export async function attachmentsOf(
  db: Kysely<Database>,
  collegeId: number,
  messageIds: string[],
): Promise<Map<string, MessageAttachment[]>> {
  const byMessage = new Map<string, MessageAttachment[]>()
  if (messageIds.length === 0) return byMessage
  const rows = await tenantScope(db, collegeId)
    .selectFrom('message_attachments')
    .select(['id', 'message_id', 'kind', 'name', 'size', 'width', 'height'])
    .where('message_id', 'in', messageIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  for (const row of rows) {
    const list = byMessage.get(row.message_id!) ?? []
    list.push(toAttachmentDto(row))
    byMessage.set(row.message_id!, list)
  }
  return byMessage
}

/**
 * Binds uploaded files to the message being written, inside its transaction: 422 (and nothing
 * written) when one is not there, is someone else's, or already belongs to another message.
 */
export async function bindAttachments(
  trx: Kysely<Database>,
  user: AuthUser,
  messageId: string,
  ids: string[],
): Promise<void> {
  if (ids.length === 0) return
  const scope = tenantScope(trx, user.college_id!)
  const bound = await scope
    .updateTable('message_attachments')
    .set({ message_id: messageId })
    .where('id', 'in', ids)
    .where('uploader_id', '=', user.id)
    .where('message_id', 'is', null)
    .executeTakeFirst()
  if (Number(bound.numUpdatedRows) !== ids.length)
    throw validationError({ attachment_ids: [messages.messageFileMissing] })
}

async function storeFile(c: Context<AppEnv>, file: File) {
  const { storage } = c.get('deps')
  const collegeId = c.get('auth').user.college_id!
  const data = Buffer.from(await file.arrayBuffer())
  const name = randomToken(18)
  if (isPdf(data)) {
    const fileKey = `message-files/${collegeId}/${name}.pdf`
    await storage.put(fileKey, data)
    return {
      kind: 'pdf',
      fileKey,
      thumbKey: null,
      width: null,
      height: null,
      size: data.length,
      keys: [fileKey],
    }
  }
  try {
    const { full, thumb } = await processImage(data, async (image) => ({
      full: await image()
        .rotate()
        .resize(2000, 2000, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      thumb: await image()
        .rotate()
        .resize(480, 480, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer(),
    }))
    const fileKey = `message-files/${collegeId}/${name}.webp`
    const thumbKey = `message-files/${collegeId}/${name}-thumb.webp`
    await storage.put(fileKey, full.data)
    await storage.put(thumbKey, thumb)
    return {
      kind: 'image',
      fileKey,
      thumbKey,
      width: full.info.width,
      height: full.info.height,
      size: full.data.length,
      keys: [fileKey, thumbKey],
    }
  } catch (error) {
    if (error instanceof ImageRefused)
      throw validationError({
        file: [error.problem === 'pixels' ? messages.imagePixels : messages.messageFileType],
      })
    throw error
  }
}

messageAttachmentRoutes.post('/api/v1/message-attachments', requirePermission('messages.send'), async (c) => {
  const { user } = c.get('auth')
  const { db, storage } = c.get('deps')
  const collegeId = user.college_id!
  const { id, file } = await readUpload(c)
  const existing = await db
    .selectFrom('message_attachments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (existing) {
    if (existing.college_id !== collegeId || existing.uploader_id !== user.id)
      throw new ApiError(409, messages.idTaken)
    return c.json(toAttachmentDto(existing))
  }
  if (!(file instanceof File) || file.size === 0) throw validationError({ file: [messages.messageFileType] })
  if (file.size > MESSAGE_FILE_MAX_BYTES) throw validationError({ file: [messages.messageFileSize] })
  const stored = await storeFile(c, file)
  const row = {
    id,
    uploader_id: user.id,
    message_id: null,
    kind: stored.kind,
    name: cleanFileName(file.name, stored.kind === 'pdf' ? 'document.pdf' : 'picture.webp'),
    size: stored.size,
    file_key: stored.fileKey,
    thumb_key: stored.thumbKey,
    width: stored.width,
    height: stored.height,
    created_at: nowIso(),
  }
  try {
    await db.transaction().execute(async (trx) => {
      await tenantScope(trx, collegeId).insertInto('message_attachments', row).execute()
      // A file whose message never comes (discarded on the device) is removed a day later.
      await enqueueJob(trx, {
        kind: UNSENT_FILE_JOB,
        collegeId,
        payload: { id },
        runAt: new Date(Date.now() + UNSENT_FILE_TTL_MS).toISOString(),
      })
    })
  } catch (error) {
    // Nothing stays behind a failed request; the same upload arriving twice at once is a replay.
    await removeStored(storage, stored.keys)
    const again = await db
      .selectFrom('message_attachments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    if (again?.uploader_id === user.id) return c.json(toAttachmentDto(again))
    throw error
  }
  return c.json(toAttachmentDto(row), 201)
})

/** The file (or a picture's thumbnail) for someone who may see its message; 404 to everyone else. */
async function serve(c: Context<AppEnv>, thumb: boolean) {
  const { user } = c.get('auth')
  const id = c.req.param('id') ?? ''
  if (!UUID_PATTERN.test(id)) throw notFound()
  const { db, storage } = c.get('deps')
  const row = await tenantScope(db, user.college_id!)
    .selectFrom('message_attachments')
    .leftJoin('messages', 'messages.id', 'message_attachments.message_id')
    .leftJoin('conversation_members as me', (join) =>
      join.onRef('me.conversation_id', '=', 'messages.conversation_id').on('me.user_id', '=', user.id),
    )
    .select([
      'message_attachments.uploader_id',
      'message_attachments.kind',
      'message_attachments.name',
      'message_attachments.file_key',
      'message_attachments.thumb_key',
      'messages.private_to',
      'me.role',
    ])
    .where('message_attachments.id', '=', id.toLowerCase())
    .executeTakeFirst()
  const allowed =
    row &&
    (row.uploader_id === user.id ||
      (row.role !== null && (row.private_to === null || row.private_to === user.id || row.role === 'staff')))
  if (!row || !allowed) throw notFound()
  const key = thumb && row.thumb_key ? row.thumb_key : row.file_key
  const type = key.endsWith('.pdf') ? 'application/pdf' : 'image/webp'
  return sendStored(c, storage, key, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(row.name)}`,
  })
}

messageAttachmentRoutes.get('/api/v1/message-attachments/:id', (c) => serve(c, false))
messageAttachmentRoutes.get('/api/v1/message-attachments/:id/thumb', (c) => serve(c, true))
