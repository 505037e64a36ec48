import type { Selectable } from 'kysely'
import type { SyncChange } from '#shared/sync.ts'
import type { NotificationsTable } from '../../db/schema.ts'
import type { PullContext, SyncSource } from '../../platform/sync-registry.ts'
import { pageStatement, rowsInRange } from '../../platform/sync-statements.ts'
import { toNotificationDto } from './notification-dto.ts'

/** The person's own notifications in the page's range. */
const notificationRows = pageStatement<[userId: number], Selectable<NotificationsTable>>(
  (db, range, userId) => rowsInRange(db, 'notifications', range).selectAll().where('user_id', '=', userId),
  () => '',
  () => [-7_501],
)

async function notificationChanges(ctx: PullContext): Promise<SyncChange[]> {
  const rows = await notificationRows(ctx, ctx.user.id)
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
