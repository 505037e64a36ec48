// A page's transaction takes only the tables it writes: while a page of posts lands (a first sync is
// dozens of them), Home's other lists still read their own tables.
import 'fake-indexeddb/auto'
import { afterEach, expect, it } from 'vitest'
import { createLocalDb, type LocalDb } from '#client/platform/sync/local-db.ts'
import { applyPage } from '#client/platform/sync/pull.ts'
import type { SyncChange, SyncResponse } from '#shared/sync.ts'

let db: LocalDb | undefined
afterEach(async () => {
  await db?.delete()
})

const postsPage = (count: number, reset = false): SyncResponse => ({
  changes: Array.from(
    { length: count },
    (_, i) =>
      ({
        collection: 'posts',
        op: 'put',
        id: `p${i}`,
        version: i + 1,
        data: { id: `p${i}`, title: `Post ${i}`, publish_at: '2026-11-28T08:00:00Z' },
      }) as unknown as SyncChange,
  ),
  cursor: 'c1',
  hasMore: true,
  reset,
})

/** Which finishes first: the page being written, or a read of the notifications started meanwhile. */
async function firstDone(page: SyncResponse): Promise<string[]> {
  const order: string[] = []
  const writing = applyPage(db!, page).then(() => order.push('page'))
  // Once the page's transaction is under way.
  await new Promise((resolve) => setTimeout(resolve, 0))
  const reading = db!.notifications.toArray().then(() => order.push('notifications read'))
  await Promise.all([writing, reading])
  return order
}

it('a page of posts leaves the notifications readable while it is written', async () => {
  db = createLocalDb('page-scope-1')
  await db.open()
  expect(await firstDone(postsPage(500))).toEqual(['notifications read', 'page'])
  expect(await db.posts.count()).toBe(500)
})

it('a reset, which empties every table, holds every table until it is done', async () => {
  db = createLocalDb('page-scope-2')
  await db.open()
  expect(await firstDone(postsPage(500, true))).toEqual(['page', 'notifications read'])
})
