import { type PullContext, type ReadRows, type SyncSource, shapeLater } from '../../platform/sync-registry.ts'
import { ownRowsStatement } from '../../platform/sync-statements.ts'
import { toNotificationDto } from './notification-dto.ts'

/** The person's own notifications in the page's range. */
const notificationRows = ownRowsStatement('notifications', (rows) => rows.selectAll())

/**
 * Shaped once the page is known: a family's first page reads as many notifications as it has room
 * for and, its newest events being newer, kept one of 451.
 */
async function notificationChanges(ctx: PullContext): Promise<ReadRows> {
  const rows = await notificationRows(ctx)
  return shapeLater('notifications', rows, async (kept) => kept.map(toNotificationDto))
}

export const notificationsSyncSources: SyncSource[] = [
  { collection: 'notifications', tables: ['notifications'], changes: notificationChanges },
]
