// The college's local businesses (pymes) and their promotions, for those who manage them: admins
// every company's, a company user only their own company's (`company-scope.ts`). Families read them
// from their mirror (`benefits.sync.ts`).
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import * as v from 'valibot'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import { PYME_PHOTO_MAX_BYTES, promotionInputSchema, pymeInputSchema } from '#shared/benefits.schema.ts'
import { optionalText, queryId } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { pageQuerySchema } from '#shared/pagination.ts'
import type { Database } from '../../db/schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import type { AppEnv, AuthUser } from '../../platform/context.ts'
import { ifMatchOf, notFound, validationError } from '../../platform/errors.ts'
import type { FastRead } from '../../platform/fast-reads.ts'
import { storePicture } from '../../platform/images.ts'
import { containsText } from '../../platform/keyset.ts'
import { afterCursor, decodeCursor, encodeCursor } from '../../platform/pagination.ts'
import { removeStored } from '../../platform/storage.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readForm } from '../../platform/uploads.ts'
import { readJson, validate, validQuery } from '../../platform/validate.ts'
import { type CompanyScope, companyScopeOf } from './company-scope.ts'
import { toPymeDtos } from './pyme-dto.ts'
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

const listSchema = v.object({
  ...pageQuerySchema.entries,
  q: v.optional(optionalText(100), ''),
  category_id: queryId,
})

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

type PymeListQuery = v.InferOutput<typeof listSchema>

/** One page of the pymes this person manages, by name; `q` searches name, description and commune. */
async function pymesPage(
  db: Kysely<Database>,
  user: AuthUser,
  scope: CompanyScope,
  { cursor, limit, q, category_id }: PymeListQuery,
) {
  const collegeId = user.college_id!
  let query = tenantScope(db, collegeId)
    .selectFrom('pymes')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .limit(limit + 1)
  if (!scope.all) query = query.where('company_id', '=', scope.companyId)
  if (q) query = query.where(containsText(['pymes.name', 'pymes.description', 'pymes.commune'], q))
  if (category_id) query = query.where('category_id', '=', category_id)
  const after = decodeCursor(cursor, { anyText: true })
  if (after) query = query.where(afterCursor(after, 'name', 'id', 'asc'))
  const rows = await query.execute()
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    data: await toPymeDtos(db, collegeId, page),
    next_cursor: rows.length > limit && last ? encodeCursor(last.name, last.id) : null,
  }
}

pymesRoutes.get('/api/v1/pymes', async (c) => {
  const query = validate(c, listSchema, c.req.query())
  const { db, user, scope } = await ctxOf(c)
  return c.json(await pymesPage(db, user, scope, query))
})

/**
 * `GET /api/v1/pymes` as plain node:http answers it for a session already kept; one without the
 * permission or a company account linked to no company (Hono answers the 403), or a query it would
 * refuse (the 422), is left to Hono.
 */
export const pymesListRead: FastRead = ({ auth: { user } }, query, { db }) => {
  if (!user.permissions.includes('pymes.manage')) return undefined
  const valid = validQuery(listSchema, query)
  return (
    valid &&
    companyScopeOf(db, user).then(
      (scope) => pymesPage(db, user, scope, valid),
      () => undefined,
    )
  )
}

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
