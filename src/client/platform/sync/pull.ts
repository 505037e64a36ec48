// Pull: pages of changes since the last cursor, each applied in one transaction (written in slices
// that let the page answer taps, but kept or lost whole). A row with a
// local write still waiting in the outbox is left alone (V7); a reset refills from zero.
import type { SyncResponse } from '#shared/sync.ts'
import { CLIENT_COLLECTIONS, collectionOf } from './collections.ts'
import { COMPLETE_KEY, CURSOR_KEY, type LocalDb } from './local-db.ts'
import { authHeaders, syncConfig } from './sync-config.ts'

export const PULL_PAGE_SIZE = 500
/**
 * The first page of a first sync holds what Home draws first (the short lists other rows name, the
 * banners, the newest rows), so it is a smaller one, asked, built, sent and written sooner.
 */
export const FIRST_PAGE_SIZE = 100
/**
 * Rows written per call inside a page's transaction. Each call ends with an IndexedDB event, so the
 * page lets the main thread go between slices: 500 rows in one call held a phone's main thread for
 * 50–120 ms per page (a first sync is a dozen pages), and a tap waited. Each slice waits for the one
 * before, so smaller slices make the whole sync slower (README, design notes).
 */
export const PUT_SLICE = 125

export type PullResult = { pages: number; changes: number; reset: boolean }

async function pendingRecords(db: LocalDb): Promise<Set<string>> {
  const keys = await db.outbox.orderBy('record').uniqueKeys()
  return new Set(keys.map(String))
}

/**
 * The tables a page's transaction writes: the page's collections, the cursor's and the outbox's (read
 * for waiting writes); every table for a reset. A transaction that writes holds off every read of its
 * tables while it runs, so Home's other lists (notifications, events) read on while a page of posts
 * lands.
 */
function tablesOf(db: LocalDb, page: SyncResponse): string[] {
  if (page.reset) return db.tables.map((table) => table.name)
  const names = new Set([db.meta.name, db.outbox.name])
  for (const change of page.changes) if (collectionOf(change.collection)) names.add(change.collection)
  return [...names]
}

/** What a page wrote: the collections it put rows in or deleted rows from, and the keys of `meta`. */
export type PageWrites = { tables: string[]; meta: string[] }

/** Writes a page in one transaction. */
export async function applyPage(db: LocalDb, page: SyncResponse): Promise<PageWrites> {
  return db.transaction('rw', tablesOf(db, page), async () => {
    const waiting = await pendingRecords(db)
    if (page.reset) {
      await db.meta.delete(COMPLETE_KEY)
      // Start over, but keep rows whose local writes have not reached the server yet.
      for (const collection of CLIENT_COLLECTIONS) {
        const table = db.table(collection.name)
        const keep = (await table.toArray()).filter((row) => waiting.has(`${collection.name}:${row.id}`))
        await table.clear()
        if (keep.length) await table.bulkPut(keep)
      }
    }
    const puts = new Map<string, unknown[]>()
    const deletes = new Map<string, (string | number)[]>()
    for (const change of page.changes) {
      const collection = collectionOf(change.collection)
      if (!collection || waiting.has(`${change.collection}:${change.id}`)) continue
      if (change.op === 'put') {
        const list = puts.get(change.collection) ?? []
        list.push(change.data)
        puts.set(change.collection, list)
      } else {
        const list = deletes.get(change.collection) ?? []
        list.push(collection.key(change.id))
        deletes.set(change.collection, list)
      }
    }
    // Changes arrive in change-number order; a row is either put or deleted in one page, and the
    // later of two changes to one row wins because bulk writes keep their order per table.
    for (const [name, rows] of puts)
      for (let at = 0; at < rows.length; at += PUT_SLICE)
        await db.table(name).bulkPut(rows.slice(at, at + PUT_SLICE))
    for (const [name, keys] of deletes) {
      const putKeys = new Set(((puts.get(name) ?? []) as { id: string | number }[]).map((r) => r.id))
      await db.table(name).bulkDelete(keys.filter((k) => !putKeys.has(k)))
    }
    await db.meta.put({ key: CURSOR_KEY, value: page.cursor })
    if (!page.hasMore) await db.meta.put({ key: COMPLETE_KEY, value: true })
    return {
      tables: page.reset
        ? CLIENT_COLLECTIONS.map((collection) => collection.name)
        : [...new Set([...puts.keys(), ...deletes.keys()])],
      meta: page.reset || !page.hasMore ? [CURSOR_KEY, COMPLETE_KEY] : [CURSOR_KEY],
    }
  })
}

async function fetchPage(
  cursor: string | undefined,
  pageSize: number,
): Promise<SyncResponse | 'unauthorized'> {
  const query = new URLSearchParams({ limit: String(pageSize) })
  if (cursor) query.set('since', cursor)
  const response = await syncConfig.fetch(`${syncConfig.baseUrl}/api/v1/sync?${query}`, {
    headers: authHeaders(),
    credentials: 'include',
  })
  if (response.status === 401) return 'unauthorized'
  if (!response.ok) throw new Error(`sync answered ${response.status}`)
  return (await response.json()) as SyncResponse
}

/**
 * A first sync's first page, asked before the pull itself: by the pull worker as it starts, while the
 * page opens the mirror and checks its outbox (~0.2 s on a first sign-in here, more on a phone), so
 * Home's first news and banner come that much sooner. Taken by the next pull of that mirror that
 * starts from nothing (a page of a first sync stays good: it ends at the change number the server saw
 * then, and the next pull brings what came after). A failed one is asked again by the pull.
 */
let early: { dbName: string; page: Promise<SyncResponse | 'unauthorized'> } | undefined

/** Asks a first sync's first page now, if this mirror has never had a page. */
export async function fetchFirstPageEarly(db: LocalDb): Promise<void> {
  if ((await db.meta.get(CURSOR_KEY)) !== undefined) return
  const page = fetchPage(undefined, FIRST_PAGE_SIZE)
  // Handled when the pull takes it; a failure meanwhile must not go unreported.
  page.catch(() => undefined)
  early = { dbName: db.name, page }
}

function firstPage(db: LocalDb, pageSize: number): Promise<SyncResponse | 'unauthorized'> {
  const asked = early?.dbName === db.name ? early.page : undefined
  early = undefined
  const fetchNow = () => fetchPage(undefined, Math.min(FIRST_PAGE_SIZE, pageSize))
  return asked ? asked.catch(fetchNow) : fetchNow()
}

/**
 * Pulls until the server has nothing more. The next page is fetched while this one is applied, so
 * the network and the local writes overlap. Throws on network errors and on a page that could not be
 * stored (a quota error: `pull` pauses sync for it); answers 'unauthorized' on 401. `landed` is told
 * what each page wrote, once it is stored.
 */
export async function pullOnce(
  db: LocalDb,
  pageSize = PULL_PAGE_SIZE,
  landed?: (written: PageWrites) => void,
): Promise<PullResult | 'unauthorized'> {
  const result: PullResult = { pages: 0, changes: 0, reset: false }
  const start = (await db.meta.get(CURSOR_KEY))?.value as string | undefined
  let next = start === undefined ? firstPage(db, pageSize) : fetchPage(start, pageSize)
  for (;;) {
    const page = await next
    if (page === 'unauthorized') return page
    if (page.hasMore) {
      next = fetchPage(page.cursor, pageSize)
      // Handled when awaited; a failure while this page is applied must not go unreported meanwhile.
      next.catch(() => undefined)
    }
    const written = await applyPage(db, page)
    landed?.(written)
    result.pages++
    result.changes += page.changes.length
    result.reset ||= page.reset
    if (!page.hasMore) return result
  }
}
