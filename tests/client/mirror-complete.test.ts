// A mirror says it is complete only once a pull has reached the server's last change: screens show
// placeholders until then, never "there is none" for rows a first sync has not brought yet.
import 'fake-indexeddb/auto'
import { afterEach, expect, it } from 'vitest'
import { COMPLETE_KEY, CURSOR_KEY, createLocalDb, type LocalDb } from '#client/platform/sync/local-db.ts'
import { applyPage } from '#client/platform/sync/pull.ts'
import type { SyncResponse } from '#shared/sync.ts'

let db: LocalDb | undefined
afterEach(async () => {
  await db?.delete()
})

const page = (cursor: string, hasMore: boolean, reset = false): SyncResponse => ({
  changes: [],
  cursor,
  hasMore,
  reset,
})
const complete = async () => (await db!.meta.get(COMPLETE_KEY))?.value === true

it('is complete after the page with nothing after it, and again only once a reset has refilled it', async () => {
  db = createLocalDb('mirror-complete-1')
  await applyPage(db, page('c1', true))
  // The cursor is kept after every page, yet the mirror is not complete.
  expect((await db.meta.get(CURSOR_KEY))?.value).toBe('c1')
  expect(await complete()).toBe(false)
  await applyPage(db, page('c2', false))
  expect(await complete()).toBe(true)
  // A later pull's pages leave it complete.
  await applyPage(db, page('c3', true))
  expect(await complete()).toBe(true)
  // A reset empties the mirror: not complete until its refill reaches the end.
  await applyPage(db, page('r1', true, true))
  expect(await complete()).toBe(false)
  await applyPage(db, page('r2', false))
  expect(await complete()).toBe(true)
})

it('counts a mirror kept before this flag existed as complete when it has a cursor', async () => {
  const name = 'mirror-complete-2'
  // Version 7 of the database: a cursor, no flag.
  const { default: Dexie } = await import('dexie')
  const old = new Dexie(name)
  old.version(7).stores({ meta: 'key' })
  await old.open()
  await old.table('meta').put({ key: CURSOR_KEY, value: 'c9' })
  old.close()
  db = createLocalDb(name)
  expect(await complete()).toBe(true)
})
