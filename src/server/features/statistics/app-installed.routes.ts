// The app reports, once per sign-in, that it runs installed (from the home screen): the dashboard
// counts the families who installed it. Nothing else reads the mark.
import { Hono } from 'hono'
import { requireAuth } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export const appInstalledRoutes = new Hono<AppEnv>()

appInstalledRoutes.post('/api/v1/user/installed', requireAuth, async (c) => {
  const { user, tokenId } = c.get('auth')
  // The platform's own people belong to no college's figures: nothing to mark.
  if (user.college_id !== null)
    await tenantScope(c.get('deps').db, user.college_id)
      .updateTable('access_tokens')
      .set({ installed_at: nowIso() })
      .where('access_tokens.id', '=', tokenId)
      .where('access_tokens.installed_at', 'is', null)
      .execute()
  return c.body(null, 204)
})
