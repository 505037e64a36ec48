// The /college and /colleges/details screens' API: the college's record, its pictures and history.
// Members read the record; college.manage changes it.

import { type Context, Hono } from 'hono'
import type { Sharp } from 'sharp'
import {
  COLLEGE_IMAGE_KINDS,
  COLLEGE_IMAGE_MAX_BYTES,
  type CollegeImageKind,
  type Commune,
  collegeSchema,
  historySchema,
} from '#shared/colleges.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import type { MessageDescriptor } from '#shared/i18n/translate.ts'
import { actorOf, audit } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { storePicture } from '../../platform/images.ts'
import { foldedOrder } from '../../platform/keyset.ts'
import { sanitizeRichText } from '../../platform/rich-text.ts'
import { readJson, validate } from '../../platform/validate.ts'
import {
  collegeRecord,
  loadCollegeRow,
  setCollegePicture,
  slugTaken,
  toColumns,
  updateCollege,
} from './college-record.ts'

export const collegeAdminRoutes = new Hono<AppEnv>()
for (const path of [
  '/api/v1/college',
  '/api/v1/college/images/*',
  '/api/v1/college/history',
  '/api/v1/communes',
])
  collegeAdminRoutes.use(path, requireAuth, requireCollegeMember)

const canManage = requirePermission('college.manage')

/** How each picture is kept: the logo as PNG (its transparency makes the app icons), the rest as WebP. */
const SHAPES: Record<CollegeImageKind, { format: 'png' | 'webp'; shape: (image: Sharp) => Sharp }> = {
  logo: { format: 'png', shape: (i) => i.resize(512, 512, { fit: 'inside', withoutEnlargement: true }) },
  image: { format: 'webp', shape: (i) => i.resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }) },
  image_menu: {
    format: 'webp',
    shape: (i) => i.resize(800, 800, { fit: 'inside', withoutEnlargement: true }),
  },
  image_splash: {
    format: 'webp',
    shape: (i) => i.resize(1080, 1920, { fit: 'inside', withoutEnlargement: true }),
  },
}

const currentCollege = (c: Context<AppEnv>) =>
  loadCollegeRow(c.get('deps').db, c.get('auth').user.college_id!)

collegeAdminRoutes.get('/api/v1/college', async (c) => {
  return c.json(await collegeRecord(c.get('deps').db, await currentCollege(c)))
})

collegeAdminRoutes.put('/api/v1/college', canManage, async (c) => {
  const input = validate(c, collegeSchema, await readJson(c))
  const { db } = c.get('deps')
  const actor = actorOf(c)
  const errors: Record<string, MessageDescriptor[]> = {}
  if (await slugTaken(db, input.slug, actor.collegeId)) errors.slug = [messages.slugTaken]
  if (input.commune_id) {
    const commune = await db
      .selectFrom('communes')
      .select('id')
      .where('id', '=', input.commune_id)
      .executeTakeFirst()
    if (!commune) errors.commune_id = [messages.communeUnknown]
  }
  if (Object.keys(errors).length) throw validationError(errors)
  const before = await currentCollege(c)
  try {
    await updateCollege(db, actor, before, toColumns(input))
  } catch (error) {
    // Two colleges renamed to one slug at the same moment: the unique index decides.
    if (await slugTaken(db, input.slug, actor.collegeId))
      throw validationError({ slug: [messages.slugTaken] })
    throw error
  }
  return c.json(await collegeRecord(db, await currentCollege(c)))
})

function imageKind(value: string): CollegeImageKind {
  if (!(COLLEGE_IMAGE_KINDS as readonly string[]).includes(value)) throw notFound()
  return value as CollegeImageKind
}

collegeAdminRoutes.post('/api/v1/college/images/:kind', canManage, async (c) => {
  const kind = imageKind(c.req.param('kind'))
  const { db, storage } = c.get('deps')
  const actor = actorOf(c)
  const body = await c.req.parseBody().catch(() => {
    throw new ApiError(400, messages.invalidData)
  })
  const file = body.file
  if (!(file instanceof File) || file.size === 0) throw validationError({ file: [messages.imageRequired] })
  const key = await storePicture(storage, `colleges/${actor.collegeId}`, file, {
    field: 'file',
    maxBytes: COLLEGE_IMAGE_MAX_BYTES,
    sizeMessage: messages.pictureSize,
    ...SHAPES[kind],
  })
  let replaced: string
  try {
    replaced = await setCollegePicture(db, actor, kind, key)
  } catch (error) {
    await storage.remove(key)
    throw error
  }
  if (replaced) await storage.remove(replaced)
  return c.json(await collegeRecord(db, await currentCollege(c)))
})

collegeAdminRoutes.delete('/api/v1/college/images/:kind', canManage, async (c) => {
  const kind = imageKind(c.req.param('kind'))
  const { db, storage } = c.get('deps')
  const replaced = await setCollegePicture(db, actorOf(c), kind, '')
  if (replaced) await storage.remove(replaced)
  return c.json(await collegeRecord(db, await currentCollege(c)))
})

collegeAdminRoutes.get('/api/v1/communes', async (c) => {
  const { db } = c.get('deps')
  const rows = await db
    .selectFrom('communes')
    .select(['id', 'name', 'region'])
    .orderBy(foldedOrder('name'))
    .execute()
  return c.json({ data: rows satisfies Commune[], next_cursor: null })
})

collegeAdminRoutes.get('/api/v1/college/history', async (c) => {
  return c.json({ history: (await currentCollege(c)).history })
})

collegeAdminRoutes.put('/api/v1/college/history', canManage, async (c) => {
  const input = validate(c, historySchema, await readJson(c))
  const actor = actorOf(c)
  const history = sanitizeRichText(input.history)
  const { db } = c.get('deps')
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('colleges')
      .set({ history, updated_at: nowIso() })
      .where('id', '=', actor.collegeId)
      .execute()
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'college.history_updated',
      subjectType: 'college',
      subjectId: actor.collegeId,
      ip: actor.ip,
    })
  })
  return c.json({ history })
})
