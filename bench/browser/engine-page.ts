// Bundled by bench/lib/browser.ts and loaded into a page of the server's origin in Chromium: the
// app's own sync engine (pullOnce, applyPage, the Dexie schema) and feed query, next to raw Dexie.
import Dexie from 'dexie'
import { feedQuery } from '#client/features/posts/post-queries.ts'
import { CLIENT_COLLECTIONS } from '#client/platform/sync/collections.ts'
import { createLocalDb, type LocalDb } from '#client/platform/sync/local-db.ts'
import { pullOnce } from '#client/platform/sync/pull.ts'
import { configureSync } from '#client/platform/sync/sync-config.ts'

const ENGINE_DB = 'bench-engine'
const RAW_DB = 'bench-raw'
const FEED_DB = 'bench-feed'

async function fresh(name: string): Promise<LocalDb> {
  await Dexie.delete(name)
  const db = createLocalDb(name)
  await db.open()
  return db
}

async function counts(db: LocalDb): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const c of CLIENT_COLLECTIONS) out[c.name] = await db.table(c.name).count()
  return out
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** A first sync through the real engine into an empty mirror: HTTP pull plus applying each page. */
async function engine(token: string) {
  const db = await fresh(ENGINE_DB)
  let networkMs = 0
  configureSync({
    baseUrl: '',
    getToken: () => token,
    getLanguage: () => undefined,
    // The engine's own fetch, timed until each body has arrived (the server's and the network's share).
    fetch: async (input, init) => {
      const started = performance.now()
      const res = await fetch(input, init)
      const body = await res.arrayBuffer()
      networkMs += performance.now() - started
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
    },
  })
  const started = performance.now()
  const result = await pullOnce(db)
  const ms = performance.now() - started
  if (result === 'unauthorized') throw new Error('the sync answered 401')
  const stored = await counts(db)
  db.close()
  return { ms, networkMs, pages: result.pages, changes: result.changes, stored }
}

/** The same rows the engine stored, written with one bulkPut per table in one transaction. */
async function rawBulkPut() {
  const source = createLocalDb(ENGINE_DB)
  const rows = new Map<string, unknown[]>()
  for (const c of CLIENT_COLLECTIONS) rows.set(c.name, await source.table(c.name).toArray())
  source.close()
  const db = await fresh(RAW_DB)
  const tables = CLIENT_COLLECTIONS.map((c) => db.table(c.name))
  const started = performance.now()
  await db.transaction('rw', tables, async () => {
    for (const [name, list] of rows) await db.table(name).bulkPut(list)
  })
  const ms = performance.now() - started
  const stored = await counts(db)
  db.close()
  await Dexie.delete(RAW_DB)
  return { ms, stored }
}

/** Fills a mirror to `total` posts (copies of the synced ones, new ids and dates), then times the feed. */
async function feed(total: number, repeats: number) {
  const source = createLocalDb(ENGINE_DB)
  const posts = await source.posts.toArray()
  source.close()
  if (posts.length === 0) throw new Error('no synced posts to copy')
  const db = await fresh(FEED_DB)
  const base = Date.parse('2020-01-01T00:00:00Z')
  for (let start = 0; start < total; start += 5000) {
    const chunk = []
    for (let i = start; i < Math.min(total, start + 5000); i++) {
      const post = posts[i % posts.length]!
      chunk.push({
        ...post,
        id: `${post.id.slice(0, 24)}${String(i).padStart(12, '0')}`,
        publish_at: new Date(base + i * 60_000 + (i % 7) * 1000).toISOString(),
      })
    }
    await db.posts.bulkPut(chunk)
  }
  const stored = await db.posts.count()
  db.close()
  // As the app opens: a new connection, then the feed's first page (20 posts and one to know of more).
  const reopened = createLocalDb(FEED_DB)
  await reopened.open()
  const query = feedQuery(21)
  let started = performance.now()
  const page = await query(reopened)
  const firstMs = performance.now() - started
  const times: number[] = []
  for (let i = 0; i < repeats; i++) {
    started = performance.now()
    await query(reopened)
    times.push(performance.now() - started)
  }
  reopened.close()
  await Dexie.delete(FEED_DB)
  return { stored, rows: page.length, firstMs, medianMs: median(times) }
}

async function cleanup() {
  await Dexie.delete(ENGINE_DB)
}

;(globalThis as unknown as { bench: unknown }).bench = { engine, rawBulkPut, feed, cleanup }
