import type { SyncChange } from '#shared/sync.ts'
import type { PullContext, SyncSource } from '../../platform/sync-registry.ts'
import { ownRowsStatement } from '../../platform/sync-statements.ts'
import { toNotificationDto } from './notification-dto.ts'

/** The person's own notifications in the page's range. */
const notificationRows = ownRowsStatement('notifications', (rows) => rows.selectAll())

async function notificationChanges(ctx: PullContext): Promise<SyncChange[]> {
  const rows = await notificationRows(ctx)
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
