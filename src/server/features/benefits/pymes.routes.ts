// The college's local businesses (pymes) and their promotions, for those who manage them: admins
// every company's, a company user only their own company's (`company-scope.ts`). Families read them
// from their mirror (`benefits.sync.ts`).
import { type Context, Hono } from 'hono'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import { PYME_PHOTO_MAX_BYTES, promotionInputSchema, pymeInputSchema } from '#shared/benefits.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ifMatchOf, notFound, validationError } from '../../platform/errors.ts'
import { storePicture } from '../../platform/images.ts'
import { removeStored } from '../../platform/storage.ts'
import { readForm } from '../../platform/uploads.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { companyScopeOf } from './company-scope.ts'
import { pymeListQuerySchema, pymesPage } from './pyme-list.ts'
import {
  createPromotion,
  createPyme,
  deletePromotion,
  deletePyme,
  loadPyme,
  type PymeCtx,
  setPromotionImage,
  setPymePhoto,
  updatePromotion,
  updatePyme,
} from './pymes.service.ts'

export const pymesRoutes = new Hono<AppEnv>()
pymesRoutes.use('/api/v1/pymes', requireAuth, requireCollegeMember, requirePermission('pymes.manage'))
pymesRoutes.use('/api/v1/pymes/*', requireAuth, requireCollegeMember, requirePermission('pymes.manage'))
const promotes = requirePermission('promotions.manage')

function idOf(raw: string | undefined): string {
  if (!raw || !UUID_PATTERN.test(raw)) throw notFound()
  return raw.toLowerCase()
}

async function ctxOf(c: Context<AppEnv>): Promise<PymeCtx> {
  const { db } = c.get('deps')
  const { user } = c.get('auth')
  return { db, user, ip: clientIp(c), scope: await companyScopeOf(db, user) }
}

function withTag<T extends { updated_at: string }>(c: Context<AppEnv>, body: T, status: 200 | 201 = 200) {
  return c.json(body, status, { ETag: `"${body.updated_at}"` })
}

pymesRoutes.get('/api/v1/pymes', async (c) => {
  const query = validate(c, pymeListQuerySchema, c.req.query())
  const { db, user, scope } = await ctxOf(c)
  return c.json(await pymesPage(db, user, scope, query))
})

pymesRoutes.get('/api/v1/pymes/:id', async (c) => {
  return withTag(c, await loadPyme(await ctxOf(c), idOf(c.req.param('id'))))
})

pymesRoutes.post('/api/v1/pymes', async (c) => {
  const input = validate(c, pymeInputSchema, await readJson(c))
  return withTag(c, await createPyme(await ctxOf(c), input), 201)
})

pymesRoutes.put('/api/v1/pymes/:id', async (c) => {
  const id = idOf(c.req.param('id'))
  const input = validate(c, pymeInputSchema, await readJson(c))
  return withTag(c, await updatePyme(await ctxOf(c), id, input, ifMatchOf(c.req.header('if-match'))))
})

pymesRoutes.delete('/api/v1/pymes/:id', async (c) => {
  const files = await deletePyme(await ctxOf(c), idOf(c.req.param('id')), ifMatchOf(c.req.header('if-match')))
  await removeStored(c.get('deps').storage, files)
  return c.body(null, 204)
})

const photoOptions = (field: string) => ({
  field,
  maxBytes: PYME_PHOTO_MAX_BYTES,
  sizeMessage: messages.pictureSize,
  shape: (image: import('sharp').Sharp) => image.resize(1200, 800, { fit: 'cover' }),
})

/** Stores the form's picture under the college, or answers 422 on the field when there is none. */
async function uploadedPicture(c: Context<AppEnv>, field: string): Promise<string> {
  const { file } = await readForm(c, field)
  if (!file) throw validationError({ [field]: [messages.imageRequired] })
  return storePicture(
    c.get('deps').storage,
    `pymes/${c.get('auth').user.college_id}`,
    file,
    photoOptions(field),
  )
}

pymesRoutes.put('/api/v1/pymes/:id/photo', async (c) => {
  const ctx = await ctxOf(c)
  const id = idOf(c.req.param('id'))
  await loadPyme(ctx, id)
  const key = await uploadedPicture(c, 'photo')
  try {
    await removeStored(c.get('deps').storage, [await setPymePhoto(ctx, id, key)])
  } catch (error) {
    await removeStored(c.get('deps').storage, [key])
    throw error
  }
  return withTag(c, await loadPyme(ctx, id))
})

pymesRoutes.delete('/api/v1/pymes/:id/photo', async (c) => {
  const ctx = await ctxOf(c)
  const id = idOf(c.req.param('id'))
  await removeStored(c.get('deps').storage, [await setPymePhoto(ctx, id, null)])
  return withTag(c, await loadPyme(ctx, id))
})

// Promotions -------------------------------------------------------------------------------------

pymesRoutes.post('/api/v1/pymes/:id/promotions', promotes, async (c) => {
  const input = validate(c, promotionInputSchema, await readJson(c))
  return withTag(c, await createPromotion(await ctxOf(c), idOf(c.req.param('id')), input), 201)
})

pymesRoutes.put('/api/v1/pymes/:id/promotions/:pid', promotes, async (c) => {
  const input = validate(c, promotionInputSchema, await readJson(c))
  const ctx = await ctxOf(c)
  return withTag(c, await updatePromotion(ctx, idOf(c.req.param('id')), idOf(c.req.param('pid')), input))
})

pymesRoutes.delete('/api/v1/pymes/:id/promotions/:pid', promotes, async (c) => {
  const ctx = await ctxOf(c)
  const { pyme, image } = await deletePromotion(ctx, idOf(c.req.param('id')), idOf(c.req.param('pid')))
  await removeStored(c.get('deps').storage, [image])
  return withTag(c, pyme)
})

pymesRoutes.put('/api/v1/pymes/:id/promotions/:pid/image', promotes, async (c) => {
  const ctx = await ctxOf(c)
  const pymeId = idOf(c.req.param('id'))
  const promotionId = idOf(c.req.param('pid'))
  await loadPyme(ctx, pymeId)
  const key = await uploadedPicture(c, 'image')
  try {
    const { pyme, replaced } = await setPromotionImage(ctx, pymeId, promotionId, key)
    await removeStored(c.get('deps').storage, [replaced])
    return withTag(c, pyme)
  } catch (error) {
    await removeStored(c.get('deps').storage, [key])
    throw error
  }
})

pymesRoutes.delete('/api/v1/pymes/:id/promotions/:pid/image', promotes, async (c) => {
  const ctx = await ctxOf(c)
  const { pyme, replaced } = await setPromotionImage(
    ctx,
    idOf(c.req.param('id')),
    idOf(c.req.param('pid')),
    null,
  )
  await removeStored(c.get('deps').storage, [replaced])
  return withTag(c, pyme)
})
