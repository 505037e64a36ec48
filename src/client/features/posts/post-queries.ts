// The screens' questions to the mirror. Newest first through the indexes, never a full scan.
import type { LocalDb, LocalPost } from '../../platform/sync/local-db.ts'

export function feedQuery(limit: number, categoryId?: number) {
  return async (db: LocalDb): Promise<LocalPost[]> => {
    if (categoryId !== undefined) {
      return db.posts
        .where('[category_id+publish_at]')
        .between([categoryId, ''], [categoryId, '\uffff'])
        .reverse()
        .limit(limit)
        .toArray()
    }
    return db.posts.orderBy('publish_at').reverse().limit(limit).toArray()
  }
}

export async function categoriesById(db: LocalDb): Promise<Map<number, string>> {
  return new Map((await db.post_categories.toArray()).map((c) => [c.id, c.name]))
}

/** Posts this user has opened (on this device or any other, once synced). */
export async function readPostIds(db: LocalDb): Promise<Set<string>> {
  return new Set((await db.post_reads.toCollection().primaryKeys()) as string[])
}
