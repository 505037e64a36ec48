import type { LocalDb } from '../../platform/sync/local-db.ts'

/**
 * How many notifications are unread: all of them less those with a read time, both counted on an
 * index (`read_at` is not indexed when empty), so no notification is read from the disk. The menu
 * counts again whenever a notification changes: a first sync brings hundreds.
 */
export async function unreadNotifications(db: LocalDb): Promise<number> {
  const [all, read] = await Promise.all([
    db.notifications.count(),
    db.notifications.where('read_at').above('').count(),
  ])
  return all - read
}
