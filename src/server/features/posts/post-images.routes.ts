// Gallery pictures are uploaded before the post that shows them, each with the client's id, so an
// upload replayed from the outbox is stored once.
import { Hono } from 'hono'
import sharp from 'sharp'
import { messages } from '#shared/i18n/messages.ts'
import { POST_IMAGE_MAX_BYTES, UUID_PATTERN } from '#shared/posts.schema.ts'
import { requireAuth, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, validationError } from '../../platform/errors.ts'
import { randomToken } from '../../platform/secrets.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { imageDto } from './post-dto.ts'

export const postImagesRoutes = new Hono<AppEnv>()

postImagesRoutes.post('/api/v1/post-images', requireAuth, requirePermission('posts.publish'), async (c) => {
  const { user } = c.var.auth
  const { db, storage } = c.var.deps
  const collegeId = user.college_id!
  let body: Record<string, unknown>
  try {
    body = await c.req.parseBody()
  } catch {
    throw new ApiError(400, messages.invalidData)
  }
  const id = typeof body.id === 'string' ? body.id.toLowerCase() : ''
  if (!UUID_PATTERN.test(id)) throw validationError({ id: [messages.idInvalid] })
  const existing = await db.selectFrom('post_images').selectAll().where('id', '=', id).executeTakeFirst()
  if (existing) {
    if (existing.college_id !== collegeId || existing.uploader_id !== user.id)
      throw new ApiError(409, messages.idTaken)
    return c.json(imageDto(existing))
  }
  const file = body.file
  if (!(file instanceof File) || file.size === 0) throw validationError({ file: [messages.imageType] })
  if (file.size > POST_IMAGE_MAX_BYTES) throw validationError({ file: [messages.imageSize] })
  const input = Buffer.from(await file.arrayBuffer())
  const format = await sharp(input)
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined)
  if (!format || !['jpeg', 'png', 'webp'].includes(format))
    throw validationError({ file: [messages.imageType] })
  const image = sharp(input)
    .rotate()
    .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
  const { data, info } = await image.toBuffer({ resolveWithObject: true })
  const thumb = await sharp(input)
    .rotate()
    .resize(480, 360, { fit: 'cover' })
    .webp({ quality: 70 })
    .toBuffer()
  const name = randomToken(18)
  const imageKey = `post-images/${collegeId}/${name}.webp`
  const thumbKey = `post-images/${collegeId}/${name}-thumb.webp`
  await storage.put(imageKey, data)
  await storage.put(thumbKey, thumb)
  await tenantScope(db, collegeId)
    .insertInto('post_images', {
      id,
      uploader_id: user.id,
      post_id: null,
      position: 0,
      image_key: imageKey,
      thumb_key: thumbKey,
      width: info.width,
      height: info.height,
      created_at: nowIso(),
    })
    .execute()
  const row = await db.selectFrom('post_images').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  return c.json(imageDto(row), 201)
})
