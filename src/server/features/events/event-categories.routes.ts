import { Hono } from 'hono'
import { type EventCategory, eventCategoryInputSchema } from '#shared/events.schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { takeVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'

export const eventCategoriesRoutes = new Hono<AppEnv>()
eventCategoriesRoutes.use('/api/v1/event-categories', requireAuth, requireCollegeMember)

const columns = ['id', 'name', 'color'] as const

eventCategoriesRoutes.get('/api/v1/event-categories', async (c) => {
  const rows = await tenantScope(c.var.deps.db, c.var.auth.user.college_id!)
    .selectFrom('event_categories')
    .select(columns)
    .orderBy('name')
    .execute()
  return c.json({ data: rows satisfies EventCategory[], next_cursor: null })
})

/** A category with the same name answers the existing one (two people adding it at once get one row). */
eventCategoriesRoutes.post('/api/v1/event-categories', requirePermission('events.manage'), async (c) => {
  const collegeId = c.var.auth.user.college_id!
  const { name, color } = validate(c, eventCategoryInputSchema, await readJson(c))
  const { db } = c.var.deps
  const existing = () =>
    tenantScope(db, collegeId)
      .selectFrom('event_categories')
      .select(columns)
      .where('name', '=', name)
      .executeTakeFirst()
  const found = await existing()
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
    const winner = await existing()
    if (!winner) throw error
    return c.json(winner satisfies EventCategory)
  }
})
