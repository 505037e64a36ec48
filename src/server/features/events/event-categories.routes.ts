// The colours of the calendar: categories every member reads, those who manage events name and colour.
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { type EventCategory, eventCategoryInputSchema } from '#shared/events.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import type { Database } from '../../db/schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { notFound, validationError } from '../../platform/errors.ts'
import { foldedOrder } from '../../platform/keyset.ts'
import { recordTombstone, takeVersion, takeVersions } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'

export const eventCategoriesRoutes = new Hono<AppEnv>()
for (const path of ['/api/v1/event-categories', '/api/v1/event-categories/*'])
  eventCategoriesRoutes.use(path, requireAuth, requireCollegeMember)

const columns = ['id', 'name', 'color'] as const

function categoryId(param: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(param)) throw notFound()
  return Number(param)
}

const named = (db: Kysely<Database>, collegeId: number, name: string) =>
  tenantScope(db, collegeId)
    .selectFrom('event_categories')
    .select(columns)
    .where('name', '=', name)
    .executeTakeFirst()

eventCategoriesRoutes.get('/api/v1/event-categories', async (c) => {
  const rows = await tenantScope(c.get('deps').db, c.get('auth').user.college_id!)
    .selectFrom('event_categories')
    .select(columns)
    .orderBy(foldedOrder('name'))
    .execute()
  return c.json({ data: rows satisfies EventCategory[], next_cursor: null })
})

/** A category with the same name answers the existing one (two people adding it at once get one row). */
eventCategoriesRoutes.post('/api/v1/event-categories', requirePermission('events.manage'), async (c) => {
  const collegeId = c.get('auth').user.college_id!
  const { name, color } = validate(c, eventCategoryInputSchema, await readJson(c))
  const { db } = c.get('deps')
  const found = await named(db, collegeId, name)
  if (found) return c.json(found satisfies EventCategory)
  try {
    const row = await db.transaction().execute(async (trx) => {
      const version = await takeVersion(trx, collegeId)
      return tenantScope(trx, collegeId)
        .insertInto('event_categories', { name, color: color.toLowerCase(), version, created_at: nowIso() })
        .returning(columns)
        .executeTakeFirstOrThrow()
    })
    return c.json(row satisfies EventCategory, 201)
  } catch (error) {
    const winner = await named(db, collegeId, name)
    if (!winner) throw error
    return c.json(winner satisfies EventCategory)
  }
})

/** A new name or colour; every mirror gets it on its next pull. */
eventCategoriesRoutes.put('/api/v1/event-categories/:id', requirePermission('events.manage'), async (c) => {
  const collegeId = c.get('auth').user.college_id!
  const id = categoryId(c.req.param('id'))
  const { name, color } = validate(c, eventCategoryInputSchema, await readJson(c))
  const { db } = c.get('deps')
  const taken = () => validationError({ name: [messages.categoryNameTaken] })
  const other = await named(db, collegeId, name)
  if (other && other.id !== id) throw taken()
  try {
    const row = await db.transaction().execute(async (trx) => {
      const version = await takeVersion(trx, collegeId)
      return tenantScope(trx, collegeId)
        .updateTable('event_categories')
        .set({ name, color: color.toLowerCase(), version })
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirst()
    })
    if (!row) throw notFound()
    return c.json(row satisfies EventCategory)
  } catch (error) {
    // Someone took the name between the check and the write.
    const winner = await named(db, collegeId, name)
    if (winner && winner.id !== id) throw taken()
    throw error
  }
})

/**
 * The category goes; its events stay, without a category. They change with it (a new version each),
 * so mirrors and calendar feeds drop the colour on their next pull.
 */
eventCategoriesRoutes.delete(
  '/api/v1/event-categories/:id',
  requirePermission('events.manage'),
  async (c) => {
    const collegeId = c.get('auth').user.college_id!
    const id = categoryId(c.req.param('id'))
    const { db } = c.get('deps')
    const gone = await db.transaction().execute(async (trx) => {
      const scope = tenantScope(trx, collegeId)
      const found = await scope
        .selectFrom('event_categories')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst()
      if (!found) return false
      const events = await scope
        .selectFrom('events')
        .select('id')
        .where('category_id', '=', id)
        .where('deleted_at', 'is', null)
        .execute()
      if (events.length) {
        const first = await takeVersions(trx, collegeId, events.length)
        for (const [i, event] of events.entries()) {
          await scope
            .updateTable('events')
            .set({ category_id: null, version: first + i })
            .where('id', '=', event.id)
            .execute()
        }
      }
      await scope.deleteFrom('event_categories').where('id', '=', id).execute()
      await recordTombstone(trx, collegeId, 'event_categories', id)
      return true
    })
    if (!gone) throw notFound()
    return c.body(null, 204)
  },
)
