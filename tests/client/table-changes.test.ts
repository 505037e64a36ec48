// The pull worker's mirror writes without Dexie following each key, and names what a page wrote
// instead (table-changes.ts). Here the worker's mirror and the page's are two Dexie instances of one
// database in one process. In a browser they are two contexts, and Dexie sends what one announces to
// the others through a BroadcastChannel: here the announcement is sent to this context on that channel,
// as the page would receive it.
import 'fake-indexeddb/auto'
import { Dexie, liveQuery, type ObservabilitySet } from 'dexie'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { COMPLETE_KEY, createLocalDb, type LocalDb } from '#client/platform/sync/local-db.ts'
import { applyPage, type PageWrites } from '#client/platform/sync/pull.ts'
import { announceWrites, withoutKeyTracking } from '#client/platform/sync/table-changes.ts'
import type { SyncChange, SyncResponse } from '#shared/sync.ts'

let name: string
let worker: LocalDb
let page: LocalDb
let otherContext: BroadcastChannel
const stops: (() => void)[] = []

beforeEach(async () => {
  name = `table-changes-${crypto.randomUUID()}`
  worker = withoutKeyTracking(createLocalDb(name))
  page = createLocalDb(name)
  await worker.open()
  await page.open()
  // Dexie's own channel (its name in Dexie 4), as the worker's context posts on it.
  otherContext = new BroadcastChannel('x-storagemutated-1')
})

/** `announceWrites` in the worker, and what it announced received by the page's context. */
function announceFromWorker(written: PageWrites) {
  const sent: ObservabilitySet[] = []
  const hear = (parts: ObservabilitySet) => sent.push(parts)
  Dexie.on('storagemutated', hear)
  announceWrites(worker, written)
  Dexie.on('storagemutated').unsubscribe(hear)
  for (const parts of sent) otherContext.postMessage(parts)
}

afterEach(async () => {
  otherContext.close()
  for (const stop of stops.splice(0)) stop()
  worker.close()
  page.close()
  await page.delete()
})

/** Every answer a live query of the page's mirror gives, and how often it ran. */
function follow<T>(query: () => Promise<T>) {
  const seen = { answers: [] as T[], runs: 0 }
  const subscription = liveQuery(() => {
    seen.runs++
    return query()
  }).subscribe({ next: (answer) => seen.answers.push(answer) })
  stops.push(() => subscription.unsubscribe())
  return seen
}

const post = (id: string, publishAt: string): SyncChange =>
  ({ collection: 'posts', op: 'put', id, version: 1, data: { id, publish_at: publishAt } }) as SyncChange
const notification = (id: string): SyncChange =>
  ({
    collection: 'notifications',
    op: 'put',
    id,
    version: 1,
    data: { id, created_at: '2026-11-30' },
  }) as SyncChange

const syncPage = (changes: SyncChange[], hasMore: boolean): SyncResponse => ({
  changes,
  cursor: `c${changes.length}`,
  hasMore,
  reset: false,
})

it("a page the worker wrote reaches the page's live queries of what it wrote, and only those", async () => {
  const newest = follow(() => page.posts.orderBy('publish_at').reverse().limit(2).toArray())
  const notifications = follow(() => page.notifications.toArray())
  const complete = follow(() => page.meta.get(COMPLETE_KEY))
  await vi.waitFor(() =>
    expect([newest, notifications, complete].map((q) => q.answers.length)).toEqual([1, 1, 1]),
  )

  const first = syncPage([post('p1', '2026-11-01'), post('p2', '2026-11-20')], true)
  const told: ObservabilitySet[] = []
  const hear = (parts: ObservabilitySet) => told.push(parts)
  Dexie.on('storagemutated', hear)
  const written = await applyPage(worker, first)
  Dexie.on('storagemutated').unsubscribe(hear)
  expect(written).toEqual({ tables: ['posts'], meta: ['cursor'] })
  // Not followed key by key: nothing is told until the worker names what it wrote.
  expect(told).toEqual([])
  expect(await page.posts.count()).toBe(2)
  expect(newest.answers).toHaveLength(1)

  announceFromWorker(written)
  // By the posts' index, which is what the newest-first query reads.
  await vi.waitFor(() => expect(newest.answers.at(-1)?.map((p) => p.id)).toEqual(['p2', 'p1']))
  expect(notifications.runs).toBe(1)
  expect(complete.runs).toBe(1)

  const last = syncPage([notification('n1')], false)
  announceFromWorker(await applyPage(worker, last))
  await vi.waitFor(() => expect(complete.answers.at(-1)).toEqual({ key: COMPLETE_KEY, value: true }))
  await vi.waitFor(() => expect(notifications.answers.at(-1)).toHaveLength(1))
  expect(newest.answers).toHaveLength(2)
})

it('a page that starts over names every collection, and that the mirror is no longer complete', async () => {
  await page.meta.put({ key: COMPLETE_KEY, value: true })
  const complete = follow(() => page.meta.get(COMPLETE_KEY))
  const events = follow(() => page.events.toArray())
  await vi.waitFor(() => expect(complete.answers).toHaveLength(1))

  const written = await applyPage(worker, { ...syncPage([post('p1', '2026-11-01')], true), reset: true })
  expect(written.tables).toEqual(expect.arrayContaining(['posts', 'events', 'notifications', 'fees']))
  expect(written.meta).toEqual(['cursor', COMPLETE_KEY])
  announceFromWorker(written)
  await vi.waitFor(() => expect(complete.answers.at(-1)).toBeUndefined())
  await vi.waitFor(() => expect(events.runs).toBe(2))
})
