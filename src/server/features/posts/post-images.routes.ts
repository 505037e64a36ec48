// Gallery pictures are uploaded before the post that shows them, each with the client's id, so an
// upload replayed from the outbox is stored once.
import { Hono } from 'hono'
import { messages } from '#shared/i18n/messages.ts'
import { POST_IMAGE_MAX_BYTES } from '#shared/posts.schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, validationError } from '../../platform/errors.ts'
import { ImageRefused, processImage } from '../../platform/images.ts'
import { randomToken } from '../../platform/secrets.ts'
import { removeStored } from '../../platform/storage.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readUpload } from '../../platform/uploads.ts'
import { imageDto } from './post-dto.ts'
import { removeLaterIfUnused } from './post-image-files.ts'

export const postImagesRoutes = new Hono<AppEnv>()

/** The picture for the post (1600 px at most) and its thumbnail, or the message that refuses it. */
async function resize(input: Buffer) {
  try {
    return await processImage(input, async (image) => {
      const full = await image()
        .rotate()
        .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true })
      const thumb = await image().rotate().resize(480, 360, { fit: 'cover' }).webp({ quality: 70 }).toBuffer()
      return { full, thumb }
    })
  } catch (error) {
    if (error instanceof ImageRefused)
      throw validationError({
        file: [error.problem === 'pixels' ? messages.imagePixels : messages.imageType],
      })
    throw error
  }
}

postImagesRoutes.post(
  '/api/v1/post-images',
  requireAuth,
  requireCollegeMember,
  requirePermission('posts.publish'),
  async (c) => {
    const { user } = c.get('auth')
    const { db, storage } = c.get('deps')
    const collegeId = user.college_id!
    const { id, file } = await readUpload(c)
    const existing = await db.selectFrom('post_images').selectAll().where('id', '=', id).executeTakeFirst()
    if (existing) {
      if (existing.college_id !== collegeId || existing.uploader_id !== user.id)
        throw new ApiError(409, messages.idTaken)
      return c.json(imageDto(existing))
    }
    if (!(file instanceof File) || file.size === 0) throw validationError({ file: [messages.imageType] })
    if (file.size > POST_IMAGE_MAX_BYTES) throw validationError({ file: [messages.imageSize] })
    const { full, thumb } = await resize(Buffer.from(await file.arrayBuffer()))
    const name = randomToken(18)
    const imageKey = `post-images/${collegeId}/${name}.webp`
    const thumbKey = `post-images/${collegeId}/${name}-thumb.webp`
    await storage.put(imageKey, full.data)
    await storage.put(thumbKey, thumb)
    try {
      await db.transaction().execute(async (trx) => {
        await tenantScope(trx, collegeId)
          .insertInto('post_images', {
            id,
            uploader_id: user.id,
            post_id: null,
            position: 0,
            image_key: imageKey,
            thumb_key: thumbKey,
            width: full.info.width,
            height: full.info.height,
            created_at: nowIso(),
          })
          .execute()
        await removeLaterIfUnused(trx, collegeId, [id])
      })
    } catch (error) {
      // Nothing stays behind a failed request: the files go with the row that was not written.
      await removeStored(storage, [imageKey, thumbKey])
      const stored = await db.selectFrom('post_images').selectAll().where('id', '=', id).executeTakeFirst()
      // The same upload arrived twice at once and the other copy was stored first.
      if (stored?.uploader_id === user.id) return c.json(imageDto(stored))
      throw error
    }
    const row = await db.selectFrom('post_images').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    return c.json(imageDto(row), 201)
  },
)
