// The platform owner's view of advertising across colleges (`/banners/colleges`): which colleges
// accept it and the banners each shows, and one banner placed in several colleges at once. Each
// college gets its own copy (row and picture), so every banner stays within its college's tenancy.
import { Hono } from 'hono'
import * as v from 'valibot'
import {
  BANNER_HEIGHT,
  BANNER_IMAGE_MAX_BYTES,
  BANNER_WIDTH,
  bannerInputSchema,
  type CollegeBanners,
} from '#shared/banners.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { todayIn } from '#shared/time-zones.ts'
import { audit } from '../../platform/audit.ts'
import { requireAuth, requirePermission, requirePlatformOwner } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { validationError } from '../../platform/errors.ts'
import { processImage } from '../../platform/images.ts'
import { foldedOrder } from '../../platform/keyset.ts'
import { randomToken } from '../../platform/secrets.ts'
import { removeStored } from '../../platform/storage.ts'
import { PENDING_VERSION, stampVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readForm } from '../../platform/uploads.ts'
import { validate } from '../../platform/validate.ts'
import { toBannerDto } from './banners.routes.ts'

export const platformBannersRoutes = new Hono<AppEnv>()
const guard = [requireAuth, requirePlatformOwner, requirePermission('platform.manage')] as const
platformBannersRoutes.use('/api/v1/platform/banners', ...guard)

/** Every college with the banners it has not finished showing, by name. */
platformBannersRoutes.get('/api/v1/platform/banners', async (c) => {
  const { db } = c.get('deps')
  const colleges = await db
    .selectFrom('colleges')
    .select(['id', 'name', 'have_advertising', 'timezone'])
    .orderBy(foldedOrder('name'))
    .execute()
  const banners = await db
    .selectFrom('banners')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('starts_on')
    .execute()
  const data: CollegeBanners[] = colleges.map((college) => {
    const today = todayIn(college.timezone)
    return {
      id: college.id,
      name: college.name,
      have_advertising: college.have_advertising === 1,
      banners: banners.filter((b) => b.college_id === college.id && b.ends_on >= today).map(toBannerDto),
    }
  })
  return c.json({ data })
})

const collegeIdsSchema = v.pipe(
  v.optional(v.string(), ''),
  v.transform((raw) => [...new Set(raw.split(',').filter(Boolean).map(Number))]),
  v.check((ids) => ids.length > 0 && ids.every((id) => Number.isInteger(id) && id > 0), 'ids'),
)

/** The same banner in each chosen college that accepts advertising (`college_ids`: "1,2,3"). */
platformBannersRoutes.post('/api/v1/platform/banners', async (c) => {
  const { fields, file } = await readForm(c, 'image')
  const input = validate(c, bannerInputSchema, fields)
  const ids = v.safeParse(collegeIdsSchema, fields.college_ids)
  if (!ids.success) throw validationError({ college_ids: [messages.bannerCollegesRequired] })
  const { db, storage } = c.get('deps')
  const colleges = await db
    .selectFrom('colleges')
    .select(['id', 'have_advertising'])
    .where('id', 'in', ids.output)
    .execute()
  if (colleges.length !== ids.output.length || colleges.some((k) => k.have_advertising !== 1))
    throw validationError({ college_ids: [messages.bannerCollegesAdvertising] })
  if (!file) throw validationError({ image: [messages.imageRequired] })
  if (file.size > BANNER_IMAGE_MAX_BYTES) throw validationError({ image: [messages.pictureSize] })
  let picture: Buffer
  try {
    picture = await processImage(Buffer.from(await file.arrayBuffer()), (image) =>
      image().rotate().resize(BANNER_WIDTH, BANNER_HEIGHT, { fit: 'cover' }).webp({ quality: 82 }).toBuffer(),
    )
  } catch {
    throw validationError({ image: [messages.imageType] })
  }
  const now = nowIso()
  const created: string[] = []
  for (const college of colleges) {
    const key = `banners/${college.id}/${randomToken(18)}.webp`
    await storage.put(key, picture)
    const id = crypto.randomUUID()
    try {
      await db.transaction().execute(async (trx) => {
        await tenantScope(trx, college.id)
          .insertInto('banners', {
            id,
            ...input,
            image: key,
            version: PENDING_VERSION,
            deleted_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute()
        await audit(trx, {
          collegeId: college.id,
          actorId: c.get('auth').user.id,
          action: 'banner.created',
          subjectType: 'banner',
          subjectId: id,
          details: { by: 'platform' },
          ip: clientIp(c),
        })
        await stampVersion(trx, college.id, 'banners')
      })
    } catch (error) {
      await removeStored(storage, [key])
      throw error
    }
    created.push(id)
  }
  return c.json({ created: created.length }, 201)
})
