import { Hono } from 'hono'
import type { Notification } from '#shared/api-types.ts'
import { pageQuerySchema } from '#shared/pagination.ts'
import { requireAuth } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { decodeCursor, encodeCursor } from '../../platform/pagination.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { validate } from '../../platform/validate.ts'

export const notificationsRoutes = new Hono<AppEnv>()

notificationsRoutes.get('/api/v1/notifications', requireAuth, async (c) => {
  const { user } = c.var.auth
  const { cursor, limit } = validate(c, pageQuerySchema, c.req.query())
  if (user.college_id === null) return c.json({ data: [], next_cursor: null })
  const after = decodeCursor(cursor)
  let query = tenantScope(c.var.deps.db, user.college_id)
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.at),
        eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)]),
      ]),
    )
  }
  const rows = await query.execute()
  const page = rows.slice(0, limit)
  const data: Notification[] = page.map((n) => ({
    id: n.id,
    title: n.title,
    content: n.content,
    scope: n.scope,
    emergency: n.emergency === 1,
    read_at: n.read_at,
    created_at: n.created_at,
  }))
  const last = page.at(-1)
  return c.json({
    data,
    next_cursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null,
  })
})
