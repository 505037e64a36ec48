// The college's advertising banners, for its admins (`banners.manage`). Families get them through
// their mirror (`benefits.sync.ts`), only where the college accepts advertising.
import { type Context, Hono } from 'hono'
import type { Kysely, Selectable } from 'kysely'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import {
  BANNER_HEIGHT,
  BANNER_IMAGE_MAX_BYTES,
  BANNER_WIDTH,
  type Banner,
  bannerInputSchema,
} from '#shared/banners.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import type { BannersTable, Database } from '../../db/schema.ts'
import { actorOf, audit } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, ifMatchOf, notFound, validationError } from '../../platform/errors.ts'
import { storePicture } from '../../platform/images.ts'
import { mediaUrl } from '../../platform/media.ts'
import { removeStored } from '../../platform/storage.ts'
import { PENDING_VERSION, stampVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readForm } from '../../platform/uploads.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { ChangedMeanwhile, nextStamp, writeUnlessChanged } from '../../platform/versioned-write.ts'

export const bannersRoutes = new Hono<AppEnv>()
const guard = [requireAuth, requireCollegeMember, requirePermission('banners.manage')] as const
bannersRoutes.use('/api/v1/banners', ...guard)
bannersRoutes.use('/api/v1/banners/*', ...guard)

export function toBannerDto(row: Selectable<BannersTable>): Banner {
  return {
    id: row.id,
    title: row.title,
    link: row.link,
    placement: row.placement as Banner['placement'],
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    image_url: mediaUrl(row.image)!,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

function idOf(raw: string | undefined): string {
  if (!raw || !UUID_PATTERN.test(raw)) throw notFound()
  return raw.toLowerCase()
}

async function stored(db: Kysely<Database>, collegeId: number, id: string) {
  const row = await tenantScope(db, collegeId)
    .selectFrom('banners')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw notFound()
  return row
}

const answer = (c: Context<AppEnv>, row: Selectable<BannersTable>, status: 200 | 201 = 200) =>
  c.json(toBannerDto(row), status, { ETag: `"${row.updated_at}"` })

async function bannerImage(c: Context<AppEnv>, file: File | undefined): Promise<string> {
  if (!file) throw validationError({ image: [messages.imageRequired] })
  return storePicture(c.get('deps').storage, `banners/${c.get('auth').user.college_id}`, file, {
    field: 'image',
    maxBytes: BANNER_IMAGE_MAX_BYTES,
    sizeMessage: messages.pictureSize,
    shape: (image) => image.resize(BANNER_WIDTH, BANNER_HEIGHT, { fit: 'cover' }),
  })
}

const auditOf = (c: Context<AppEnv>) => {
  const actor = actorOf(c)
  return { collegeId: actor.collegeId, actorId: actor.id, ip: actor.ip, subjectType: 'banner' }
}

/**
 * Changes the banner unless it changed since `base` (or meanwhile); the change number is taken last.
 * Answers the row as stored.
 */
async function change(
  c: Context<AppEnv>,
  row: Selectable<BannersTable>,
  set: Partial<BannersTable>,
  action: string,
) {
  const { db } = c.get('deps')
  const collegeId = row.college_id
  const written = await writeUnlessChanged(db, async (trx) => {
    const updated = await tenantScope(trx, collegeId)
      .updateTable('banners')
      .set({ ...set, version: PENDING_VERSION, updated_at: nextStamp(row.updated_at) })
      .where('id', '=', row.id)
      .where('updated_at', '=', row.updated_at)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) throw new ChangedMeanwhile()
    await audit(trx, { ...auditOf(c), action, subjectId: row.id })
    await stampVersion(trx, collegeId, 'banners')
  })
  if (!written) await conflict(db, collegeId, row.id)
}

async function conflict(db: Kysely<Database>, collegeId: number, id: string): Promise<never> {
  const current = await stored(db, collegeId, id).then(toBannerDto, () => null)
  throw new ApiError(409, messages.editConflict, { extra: { current } })
}

bannersRoutes.get('/api/v1/banners', async (c) => {
  const rows = await tenantScope(c.get('deps').db, c.get('auth').user.college_id!)
    .selectFrom('banners')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('starts_on', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute()
  return c.json({ data: rows.map(toBannerDto) })
})

bannersRoutes.post('/api/v1/banners', async (c) => {
  const { fields, file } = await readForm(c, 'image')
  const input = validate(c, bannerInputSchema, fields)
  const key = await bannerImage(c, file)
  const { db } = c.get('deps')
  const collegeId = c.get('auth').user.college_id!
  const id = crypto.randomUUID()
  const now = nowIso()
  try {
    await db.transaction().execute(async (trx) => {
      await tenantScope(trx, collegeId)
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
      await audit(trx, { ...auditOf(c), action: 'banner.created', subjectId: id })
      await stampVersion(trx, collegeId, 'banners')
    })
  } catch (error) {
    await removeStored(c.get('deps').storage, [key])
    throw error
  }
  return answer(c, await stored(db, collegeId, id), 201)
})

bannersRoutes.put('/api/v1/banners/:id', async (c) => {
  const id = idOf(c.req.param('id'))
  const input = validate(c, bannerInputSchema, await readJson(c))
  const { db } = c.get('deps')
  const collegeId = c.get('auth').user.college_id!
  const row = await stored(db, collegeId, id)
  const base = ifMatchOf(c.req.header('if-match'))
  if (base !== undefined && base !== row.updated_at) await conflict(db, collegeId, id)
  await change(c, row, input, 'banner.updated')
  return answer(c, await stored(db, collegeId, id))
})

bannersRoutes.put('/api/v1/banners/:id/image', async (c) => {
  const id = idOf(c.req.param('id'))
  const { db, storage } = c.get('deps')
  const collegeId = c.get('auth').user.college_id!
  const row = await stored(db, collegeId, id)
  const { file } = await readForm(c, 'image')
  const key = await bannerImage(c, file)
  try {
    await change(c, row, { image: key }, 'banner.image_set')
  } catch (error) {
    await removeStored(storage, [key])
    throw error
  }
  await removeStored(storage, [row.image])
  return answer(c, await stored(db, collegeId, id))
})

bannersRoutes.delete('/api/v1/banners/:id', async (c) => {
  const id = idOf(c.req.param('id'))
  const { db, storage } = c.get('deps')
  const collegeId = c.get('auth').user.college_id!
  const row = await stored(db, collegeId, id)
  const base = ifMatchOf(c.req.header('if-match'))
  if (base !== undefined && base !== row.updated_at) await conflict(db, collegeId, id)
  await change(c, row, { deleted_at: nowIso() }, 'banner.deleted')
  await removeStored(storage, [row.image])
  return c.body(null, 204)
})
