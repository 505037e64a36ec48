import type { SyncChange } from '#shared/sync.ts'
import type { PullContext, SyncSource } from '../../platform/sync-registry.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { toNotificationDto } from './notification-dto.ts'

async function notificationChanges(ctx: PullContext): Promise<SyncChange[]> {
  const rows = await tenantScope(ctx.db, ctx.college.id)
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', ctx.user.id)
    .where('version', '>', ctx.since)
    .where('version', '<=', ctx.until)
    .orderBy('version', ctx.order)
    .limit(ctx.limit)
    .execute()
  return rows.map(
    (n) =>
      ({
        collection: 'notifications',
        op: 'put',
        id: n.id,
        version: Number(n.version),
        data: toNotificationDto(n),
      }) as SyncChange,
  )
}

export const notificationsSyncSources: SyncSource[] = [
  { collection: 'notifications', tables: ['notifications'], changes: notificationChanges },
]
