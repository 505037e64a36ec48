import { Hono } from 'hono'
import { requireAuth, requireCollegeMember } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { requireCollege } from '../../platform/tenancy.ts'
import { validate } from '../../platform/validate.ts'
import { syncAnswer, syncQuerySchema } from './sync-answer.ts'

export const syncRoutes = new Hono<AppEnv>()

/**
 * DESIGN.md section 8: changed rows and tombstones since the cursor, oldest first; a first sync (no
 * cursor, or a reset's) newest first (`sync-pages.ts`).
 */
syncRoutes.get('/api/v1/sync', requireAuth, requireCollegeMember, async (c) => {
  const query = validate(c, syncQuerySchema, c.req.query())
  const body = await syncAnswer(c.get('deps').db, c.get('auth').user, requireCollege(c), query)
  return c.body(body, 200, { 'Content-Type': 'application/json' })
})
