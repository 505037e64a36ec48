// What the college shows on its public home page: its managers, the slider, its social networks and
// its public contacts. Members read them here; college.manage changes them; every change is audited.
import type { Context } from 'hono'
import { Hono } from 'hono'
import * as v from 'valibot'
import {
  COLLEGE_IMAGE_MAX_BYTES,
  contactsSchema,
  MANAGER_SORTS,
  managerSchema,
  SLIDES_MAX,
  slideOrderSchema,
  slideSchema,
  socialLinksSchema,
} from '#shared/colleges.schema.ts'
import { optionalText } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { listQuerySchema } from '#shared/pagination.ts'
import { actorOf } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { storePicture } from '../../platform/images.ts'
import { readForm } from '../../platform/uploads.ts'
import { pathId, readJson, validate } from '../../platform/validate.ts'
import {
  contactsOf,
  deleteManager,
  deleteSlide,
  listManagers,
  managerById,
  orderSlides,
  replaceContacts,
  replaceSocialLinks,
  saveManager,
  saveSlide,
  slideById,
  slidesOf,
  socialLinksOf,
} from './college-content.service.ts'

export const collegeContentRoutes = new Hono<AppEnv>()
for (const path of [
  '/api/v1/college/managers',
  '/api/v1/college/managers/*',
  '/api/v1/college/slides',
  '/api/v1/college/slides/*',
  '/api/v1/college/social',
  '/api/v1/college/contacts',
])
  collegeContentRoutes.use(path, requireAuth, requireCollegeMember)

const canManage = requirePermission('college.manage')
const collegeOf = (c: Context<AppEnv>) => c.get('auth').user.college_id!

const pictureOptions = {
  maxBytes: COLLEGE_IMAGE_MAX_BYTES,
  sizeMessage: messages.pictureSize,
} as const

// Managers ---------------------------------------------------------------------------------------

const managerListSchema = v.object({
  ...listQuerySchema(MANAGER_SORTS).entries,
  category: v.optional(optionalText(60), ''),
})

collegeContentRoutes.get('/api/v1/college/managers', async (c) => {
  const query = validate(c, managerListSchema, c.req.query())
  return c.json(await listManagers(c.get('deps').db, collegeOf(c), query))
})

async function writeManager(c: Context<AppEnv>, id?: number) {
  const { db, storage } = c.get('deps')
  const actor = actorOf(c)
  const before = id ? await managerById(db, actor.collegeId, id) : undefined
  if (id && !before) throw notFound()
  const { fields, file } = await readForm(c, 'photo')
  const input = validate(c, managerSchema, fields)
  const photo = file
    ? await storePicture(storage, `colleges/${actor.collegeId}`, file, {
        field: 'photo',
        ...pictureOptions,
        shape: (image) => image.resize(400, 400, { fit: 'cover' }),
      })
    : undefined
  const removePhoto = fields.remove_photo === '1'
  let saved: Awaited<ReturnType<typeof saveManager>>
  try {
    saved = await saveManager(db, actor, id, {
      ...input,
      ...(photo ? { photo } : removePhoto ? { photo: null } : {}),
    })
  } catch (error) {
    if (photo) await storage.remove(photo)
    throw error
  }
  if (saved.replacedPhoto && (photo || removePhoto)) await storage.remove(saved.replacedPhoto)
  return c.json(saved.manager, id ? 200 : 201)
}

collegeContentRoutes.post('/api/v1/college/managers', canManage, (c) => writeManager(c))
collegeContentRoutes.put('/api/v1/college/managers/:id', canManage, (c) =>
  writeManager(c, pathId(c.req.param('id'))),
)
// A browser form cannot send PUT with a file: the same update through POST, as the profile does.
collegeContentRoutes.post('/api/v1/college/managers/:id', canManage, (c) =>
  writeManager(c, pathId(c.req.param('id'))),
)

collegeContentRoutes.delete('/api/v1/college/managers/:id', canManage, async (c) => {
  const photo = await deleteManager(c.get('deps').db, actorOf(c), pathId(c.req.param('id')))
  if (photo === undefined) throw notFound()
  if (photo) await c.get('deps').storage.remove(photo)
  return c.body(null, 204)
})

// Slides -----------------------------------------------------------------------------------------

const bool = (value: unknown) =>
  value === undefined ? undefined : value === '1' || value === 'true' || value === true

collegeContentRoutes.get('/api/v1/college/slides', async (c) => {
  return c.json({ data: await slidesOf(c.get('deps').db, collegeOf(c), false), next_cursor: null })
})

collegeContentRoutes.post('/api/v1/college/slides', canManage, async (c) => {
  const { db, storage } = c.get('deps')
  const actor = actorOf(c)
  const { fields, file } = await readForm(c, 'image')
  const input = validate(c, slideSchema, { ...fields, active: bool(fields.active) })
  if (!file) throw validationError({ image: [messages.imageRequired] })
  if ((await slidesOf(db, actor.collegeId, false)).length >= SLIDES_MAX)
    throw new ApiError(422, messages.invalidData, {
      errors: { image: [translate(messages.slidesFull, requestLocale(c), { max: SLIDES_MAX })] },
    })
  const image = await storePicture(storage, `colleges/${actor.collegeId}`, file, {
    field: 'image',
    ...pictureOptions,
    shape: (i) => i.resize(1600, 900, { fit: 'cover' }),
  })
  try {
    return c.json(await saveSlide(db, actor, undefined, { ...input, image }), 201)
  } catch (error) {
    await storage.remove(image)
    throw error
  }
})

collegeContentRoutes.put('/api/v1/college/slides/order', canManage, async (c) => {
  const input = validate(c, slideOrderSchema, await readJson(c))
  return c.json({ data: await orderSlides(c.get('deps').db, actorOf(c), input.ids), next_cursor: null })
})

collegeContentRoutes.put('/api/v1/college/slides/:id', canManage, async (c) => {
  const { db } = c.get('deps')
  const actor = actorOf(c)
  const id = pathId(c.req.param('id'))
  if (!(await slideById(db, actor.collegeId, id))) throw notFound()
  const input = validate(c, slideSchema, await readJson(c))
  return c.json(await saveSlide(db, actor, id, input))
})

collegeContentRoutes.delete('/api/v1/college/slides/:id', canManage, async (c) => {
  const image = await deleteSlide(c.get('deps').db, actorOf(c), pathId(c.req.param('id')))
  if (image === undefined) throw notFound()
  await c.get('deps').storage.remove(image)
  return c.body(null, 204)
})

// Social links and public contacts ---------------------------------------------------------------

collegeContentRoutes.get('/api/v1/college/social', async (c) => {
  return c.json({ links: await socialLinksOf(c.get('deps').db, collegeOf(c)) })
})

collegeContentRoutes.put('/api/v1/college/social', canManage, async (c) => {
  const input = validate(c, socialLinksSchema, await readJson(c))
  await replaceSocialLinks(c.get('deps').db, actorOf(c), input.links)
  return c.json({ links: await socialLinksOf(c.get('deps').db, collegeOf(c)) })
})

collegeContentRoutes.get('/api/v1/college/contacts', async (c) => {
  return c.json(await contactsOf(c.get('deps').db, collegeOf(c)))
})

collegeContentRoutes.put('/api/v1/college/contacts', canManage, async (c) => {
  const input = validate(c, contactsSchema, await readJson(c))
  await replaceContacts(c.get('deps').db, actorOf(c), input)
  return c.json(await contactsOf(c.get('deps').db, collegeOf(c)))
})
