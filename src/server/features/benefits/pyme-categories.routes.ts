// The categories of the Benefits directory (with an icon and an order): everyone of the college reads
// them, admins (`college.manage`) write them. Mirrored as `pyme_categories`.
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import {
  PYME_CATEGORIES_MAX,
  type PymeCategory,
  type PymeCategoryIcon,
  pymeCategoryInputSchema,
  pymeCategoryOrderSchema,
} from '#shared/benefits.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import type { Database } from '../../db/schema.ts'
import { actorOf, audit } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { recordTombstone, takeVersion, takeVersions } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { pathId, readJson, validate } from '../../platform/validate.ts'

export const pymeCategoriesRoutes = new Hono<AppEnv>()
pymeCategoriesRoutes.use('/api/v1/pyme-categories', requireAuth, requireCollegeMember)
pymeCategoriesRoutes.use('/api/v1/pyme-categories/*', requireAuth, requireCollegeMember)
const manages = requirePermission('college.manage')

const collegeOf = (c: Context<AppEnv>) => c.get('auth').user.college_id!

export async function categoriesOf(db: Kysely<Database>, collegeId: number): Promise<PymeCategory[]> {
  const rows = await tenantScope(db, collegeId)
    .selectFrom('pyme_categories')
    .select(['id', 'name', 'icon', 'position'])
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ ...r, icon: r.icon as PymeCategoryIcon }))
}

async function categoryOr404(db: Kysely<Database>, collegeId: number, id: number): Promise<PymeCategory> {
  const found = (await categoriesOf(db, collegeId)).find((c) => c.id === id)
  if (!found) throw notFound()
  return found
}

pymeCategoriesRoutes.get('/api/v1/pyme-categories', async (c) => {
  return c.json({ data: await categoriesOf(c.get('deps').db, collegeOf(c)) })
})

pymeCategoriesRoutes.post('/api/v1/pyme-categories', manages, async (c) => {
  const input = validate(c, pymeCategoryInputSchema, await readJson(c))
  const actor = actorOf(c)
  const { db } = c.get('deps')
  const id = await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const existing = await scope
      .selectFrom('pyme_categories')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('position').as('last')])
      .executeTakeFirstOrThrow()
    if (Number(existing.count) >= PYME_CATEGORIES_MAX) throw validationError({ name: [messages.tooLong] })
    const row = await scope
      .insertInto('pyme_categories', {
        name: input.name,
        icon: input.icon,
        position: Number(existing.last ?? 0) + 1,
        version: await takeVersion(trx, actor.collegeId),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(trx, { ...auditOf(actor), action: 'pyme_category.created', subjectId: row.id })
    return row.id
  })
  return c.json(await categoryOr404(db, actor.collegeId, id), 201)
})

/** Before `/:id`, so "order" is not read as an id. */
pymeCategoriesRoutes.put('/api/v1/pyme-categories/order', manages, async (c) => {
  const { ids } = validate(c, pymeCategoryOrderSchema, await readJson(c))
  const actor = actorOf(c)
  const { db } = c.get('deps')
  const current = await categoriesOf(db, actor.collegeId)
  const known = new Set(current.map((k) => k.id))
  if (ids.length !== known.size || !ids.every((id) => known.has(id)) || new Set(ids).size !== ids.length)
    throw validationError({ ids: [messages.invalidData] })
  await db.transaction().execute(async (trx) => {
    // One change number per row: a pull page that ends inside a shared number would skip the rest.
    const first = await takeVersions(trx, actor.collegeId, ids.length)
    for (const [index, id] of ids.entries())
      await tenantScope(trx, actor.collegeId)
        .updateTable('pyme_categories')
        .set({ position: index + 1, version: first + index })
        .where('id', '=', id)
        .execute()
    await audit(trx, { ...auditOf(actor), action: 'pyme_category.ordered', subjectId: 0 })
  })
  return c.json({ data: await categoriesOf(db, actor.collegeId) })
})

pymeCategoriesRoutes.put('/api/v1/pyme-categories/:id', manages, async (c) => {
  const id = pathId(c.req.param('id'))
  const input = validate(c, pymeCategoryInputSchema, await readJson(c))
  const actor = actorOf(c)
  const { db } = c.get('deps')
  await categoryOr404(db, actor.collegeId, id)
  await db.transaction().execute(async (trx) => {
    await tenantScope(trx, actor.collegeId)
      .updateTable('pyme_categories')
      .set({ name: input.name, icon: input.icon, version: await takeVersion(trx, actor.collegeId) })
      .where('id', '=', id)
      .execute()
    await audit(trx, { ...auditOf(actor), action: 'pyme_category.updated', subjectId: id })
  })
  return c.json(await categoryOr404(db, actor.collegeId, id))
})

/** A category still holding businesses stays: they would be left without one. */
pymeCategoriesRoutes.delete('/api/v1/pyme-categories/:id', manages, async (c) => {
  const id = pathId(c.req.param('id'))
  const actor = actorOf(c)
  const { db } = c.get('deps')
  await categoryOr404(db, actor.collegeId, id)
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const used = await scope
      .selectFrom('pymes')
      .select('id')
      .where('category_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (used) throw new ApiError(409, messages.pymeCategoryInUse)
    // Deleted listings still name it: they go for good, each with a tombstone in case a mirror has
    // not heard of its deletion yet.
    const gone = await scope
      .deleteFrom('pymes')
      .where('category_id', '=', id)
      .where('deleted_at', 'is not', null)
      .returning('id')
      .execute()
    for (const pyme of gone) await recordTombstone(trx, actor.collegeId, 'pymes', pyme.id)
    await scope.deleteFrom('pyme_categories').where('id', '=', id).execute()
    await recordTombstone(trx, actor.collegeId, 'pyme_categories', id)
    await audit(trx, { ...auditOf(actor), action: 'pyme_category.deleted', subjectId: id })
  })
  return c.body(null, 204)
})

function auditOf(actor: ReturnType<typeof actorOf>) {
  return { collegeId: actor.collegeId, actorId: actor.id, ip: actor.ip, subjectType: 'pyme_category' }
}
