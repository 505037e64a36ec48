// The platform owner's colleges (on a platform host): list, create, suspend and resume.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { messages } from '#shared/i18n/messages.ts'
import { type MessageDescriptor, translate } from '#shared/i18n/translate.ts'
import { platformCollegeListSchema, platformCollegeSchema } from '#shared/platform.schema.ts'
import { requireAuth, requirePermission, requirePlatformOwner } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import type { AppEnv } from '../../platform/context.ts'
import { notFound, validationError } from '../../platform/errors.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { publicOrigin, sendWelcome } from '../../platform/password-links.ts'
import { pathId, readJson, validate } from '../../platform/validate.ts'
import {
  collegeById,
  createCollege,
  hostsTaken,
  listColleges,
  type Owner,
  setSuspended,
} from './platform-colleges.service.ts'

export const platformCollegesRoutes = new Hono<AppEnv>()

platformCollegesRoutes.use(
  '/api/v1/platform/*',
  requireAuth,
  requirePlatformOwner,
  requirePermission('platform.manage'),
)

const ownerOf = (c: Context<AppEnv>): Owner => ({ id: c.get('auth').user.id, ip: clientIp(c) })

platformCollegesRoutes.get('/api/v1/platform/colleges', async (c) => {
  const query = validate(c, platformCollegeListSchema, c.req.query())
  return c.json(await listColleges(c.get('deps').db, query))
})

platformCollegesRoutes.post('/api/v1/platform/colleges', async (c) => {
  const input = validate(c, platformCollegeSchema, await readJson(c))
  const { db } = c.get('deps')
  const errors: Record<string, MessageDescriptor[] | string[]> = {}
  const taken = await hostsTaken(db, input.hosts)
  if (taken.length)
    errors.hosts = taken.map((host) => translate(messages.hostTaken, requestLocale(c), { host }))
  const slugUsed = await db
    .selectFrom('colleges')
    .select('id')
    .where('slug', '=', input.slug)
    .executeTakeFirst()
  if (slugUsed) errors.slug = [messages.slugTaken]
  if (Object.keys(errors).length) throw validationError(errors)
  const { collegeId, adminId } = await createCollege(db, ownerOf(c), input)
  const college = await db
    .selectFrom('colleges')
    .selectAll()
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow()
  // The first administrator signs in on the college's own address, not on the platform's.
  const origin = new URL(publicOrigin(c))
  origin.hostname = input.hosts[0]!
  await sendWelcome(
    c,
    college,
    {
      id: adminId,
      name: input.admin_name,
      email: input.admin_email,
      locale: input.language,
      college_id: collegeId,
    },
    origin.origin,
  )
  return c.json(await collegeById(db, collegeId), 201)
})

async function suspend(c: Context<AppEnv>, value: boolean) {
  const id = pathId(c.req.param('id'))
  if (!(await collegeById(c.get('deps').db, id))) throw notFound()
  await setSuspended(c.get('deps').db, ownerOf(c), id, value)
  return c.json(await collegeById(c.get('deps').db, id))
}

platformCollegesRoutes.post('/api/v1/platform/colleges/:id/suspend', (c) => suspend(c, true))
platformCollegesRoutes.post('/api/v1/platform/colleges/:id/resume', (c) => suspend(c, false))
