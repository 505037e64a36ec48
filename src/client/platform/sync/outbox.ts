// The outbox: writes made here wait in IndexedDB and are replayed in order, one tab at a time.
// 2xx: done. Network or 5xx: retried with backoff, later writes wait. 401: paused until sign-in.
// 422: "needs attention" with the field errors, later writes go on. Other 4xx: kept with the message.
import { v7 as uuidv7 } from 'uuid'
import type { PostImage } from '#shared/posts.schema.ts'
import { doublingDelay } from '../backoff.ts'
import { collectionOf } from './collections.ts'
import { type LocalDb, localDb } from './local-db.ts'
import type { OutboxItem } from './outbox-types.ts'
import { isQuotaError } from './quota-error.ts'
import { authHeaders, syncConfig } from './sync-config.ts'
import { setSyncStatus, syncStatus } from './sync-status.ts'

const BASE_DELAY_MS = 2_000
const MAX_DELAY_MS = 5 * 60_000

export function backoffDelay(attempts: number, random = Math.random): number {
  const ceiling = doublingDelay(attempts, BASE_DELAY_MS, MAX_DELAY_MS)
  // "Equal jitter": never less than half the delay, so retries spread out but still back off.
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}

export type NewWrite = Pick<OutboxItem, 'kind' | 'method' | 'url' | 'body' | 'blobId' | 'record' | 'ifMatch'>

/** Queues a write. Call inside the same Dexie transaction as the local change when there is one. */
export async function enqueue(db: LocalDb, write: NewWrite): Promise<OutboxItem> {
  const item: OutboxItem = {
    ...write,
    id: uuidv7(),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    created: Date.now(),
  }
  await db.outbox.add(item)
  requestBackgroundSync()
  return item
}

function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  void navigator.serviceWorker.ready
    .then((registration) =>
      (
        registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
      ).sync?.register('outbox'),
    )
    .catch(() => undefined)
}

type Outcome = 'done' | 'retry' | 'paused' | 'rejected' | 'failed' | 'conflict'

async function send(
  db: LocalDb,
  item: OutboxItem,
): Promise<{ outcome: Outcome; response?: Response; data?: unknown }> {
  let body: BodyInit | undefined
  const headers = authHeaders({ 'Idempotency-Key': item.id })
  if (item.ifMatch) headers['If-Match'] = `"${item.ifMatch}"`
  if (item.blobId) {
    const stored = await db.blobs.get(item.blobId)
    const form = new FormData()
    for (const [key, value] of Object.entries((item.body ?? {}) as Record<string, string>))
      form.set(key, value)
    if (stored) form.set('file', stored.blob, stored.name)
    body = form
  } else if (item.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(item.body)
  }
  let response: Response
  try {
    response = await syncConfig.fetch(`${syncConfig.baseUrl}${item.url}`, {
      method: item.method,
      headers,
      body,
      credentials: 'include',
    })
  } catch {
    return { outcome: 'retry' }
  }
  const data = await response.json().catch(() => undefined)
  // Deleting or reading something already gone has nothing left to do.
  const gone = response.status === 404 && (item.method === 'DELETE' || item.kind.endsWith('.read'))
  if (response.ok || gone) return { outcome: 'done', response, data }
  if (response.status === 401) return { outcome: 'paused', response, data }
  if (response.status === 422) return { outcome: 'rejected', response, data }
  // Changed by someone else since this change started: both versions are kept for the user to choose.
  if (response.status === 409 && data && typeof data === 'object' && 'current' in data)
    return { outcome: 'conflict', response, data }
  if (response.status >= 500 || response.status === 408 || response.status === 429)
    return { outcome: 'retry', response, data }
  return { outcome: 'failed', response, data }
}

/**
 * The version a write left the row at, which later changes of the row made on this device start from.
 * A create answered 200 had been stored by an earlier copy whose answer never came back (a closed tab,
 * a dropped connection), and someone may have changed the row since: what this device created is the
 * version the row was created with, not the one it has now, or a change waiting behind the create
 * would overwrite theirs unseen.
 */
function versionLeft(item: OutboxItem, data: unknown, status: number | undefined): unknown {
  const row = data as { created_at?: unknown; updated_at?: unknown } | undefined
  if (item.kind.endsWith('.create') && status === 200 && typeof row?.created_at === 'string')
    return row.created_at
  return row?.updated_at
}

/** The mirror takes the server's answer and forgets that the row was waiting. */
async function settle(db: LocalDb, item: OutboxItem, data: unknown, status?: number): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await db.outbox.delete(item.seq!)
    if (item.blobId) {
      await db.blobs.delete(item.blobId)
      // Posts still waiting showed the local copy just removed: they show the uploaded picture now.
      const image = data as PostImage | undefined
      if (image && typeof image === 'object' && image.id === item.blobId && image.url) {
        await db.posts
          .where('_sync')
          .anyOf('pending', 'rejected')
          .modify((post) => {
            post.images = post.images.map((i) => (i.id === image.id ? image : i))
          })
      }
    }
    if (!item.record) return
    // Later changes of this row made on the same base follow it: they start from what was just applied.
    const applied = versionLeft(item, data, status)
    if (item.ifMatch !== undefined || item.kind.endsWith('.create')) {
      await db.outbox
        .where('record')
        .equals(item.record)
        .modify((later) => {
          if (typeof applied === 'string' && (later.ifMatch === item.ifMatch || later.ifMatch === undefined))
            later.ifMatch = applied
        })
    }
    const [name, id] = item.record.split(/:(.*)/s) as [string, string]
    const collection = collectionOf(name)
    if (!collection) return
    const table = db.table(name)
    const key = collection.key(id)
    const others = await db.outbox.where('record').equals(item.record).count()
    if (item.method === 'DELETE') {
      if (others === 0) await table.delete(key)
      return
    }
    // A later write of the same row still waits: the row keeps showing it, not this older answer (V7).
    if (others > 0) return
    if (data && typeof data === 'object' && collection.fromWrite) {
      const row = collection.fromWrite(data)
      if (row) await table.put(row)
      return
    }
    await table.update(key, { _sync: undefined })
  })
}

async function markRecord(db: LocalDb, item: OutboxItem, state: 'rejected' | 'pending') {
  if (!item.record) return
  const [name, id] = item.record.split(/:(.*)/s) as [string, string]
  const collection = collectionOf(name)
  if (collection) await db.table(name).update(collection.key(id), { _sync: state })
}

/** One replay per database in this tab; a user switch never waits on the previous user's replay. */
const replaying = new Map<string, Promise<void>>()

async function replayHere(db: LocalDb): Promise<void> {
  const queued = await db.outbox.orderBy('seq').primaryKeys()
  const blocked = new Set<string>()
  for (const seq of queued) {
    if (syncStatus().needsSignIn) return
    // Read now, not when the replay began: an earlier write's answer may have moved its base version.
    const item = await db.outbox.get(seq)
    if (!item) continue
    if (item.state !== 'pending') {
      // A write waiting for the user holds back later writes to the same record, not the others.
      if (item.record) blocked.add(item.record)
      continue
    }
    if (item.record && blocked.has(item.record)) continue
    if (item.nextAttemptAt > Date.now()) return
    const { outcome, data, response } = await send(db, item)
    if (outcome === 'done') {
      await settle(db, item, data, response?.status)
      continue
    }
    if (outcome === 'paused') {
      setSyncStatus({ needsSignIn: true })
      return
    }
    if (outcome === 'retry') {
      const attempts = item.attempts + 1
      await db.outbox.update(item.seq!, { attempts, nextAttemptAt: Date.now() + backoffDelay(attempts) })
      return
    }
    const body = (data ?? {}) as {
      message?: string
      errors?: Record<string, string[]>
      current?: OutboxItem['current']
    }
    await db.outbox.update(item.seq!, {
      state: outcome,
      errors: body.errors,
      message: body.message,
      status: response?.status,
      current: body.current ?? undefined,
      attempts: item.attempts + 1,
    })
    await markRecord(db, item, 'rejected')
    if (item.record) blocked.add(item.record)
  }
}

/** The replay this tab is running now, if any (settled whatever its outcome). */
export function replayInFlight(db: LocalDb): Promise<unknown> {
  return (replaying.get(db.name) ?? Promise.resolve()).catch(() => undefined)
}

/** Replays the outbox once. Only one tab replays at a time (Web Locks); the others return at once. */
export function replayOutbox(db: LocalDb | undefined = localDb()): Promise<void> {
  if (!db) return Promise.resolve()
  const running = replaying.get(db.name)
  if (running) return running
  const run = (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
      if (locks)
        await locks.request(`outbox:${db.name}`, { ifAvailable: true }, async (lock) =>
          lock ? replayHere(db) : undefined,
        )
      else await replayHere(db)
    } catch (error) {
      if (isQuotaError(error)) setSyncStatus({ storageFull: true })
      else throw error
    } finally {
      replaying.delete(db.name)
    }
  })()
  replaying.set(db.name, run)
  return run
}

/**
 * The user fixed a write that needed attention: it goes back in line with its new body. After a
 * conflict, it now starts from the version the user has seen (theirs), so it is applied over it.
 */
export async function resendItem(db: LocalDb, seq: number, body: unknown = undefined): Promise<void> {
  const item = await db.outbox.get(seq)
  if (!item) return
  const theirs = item.state === 'conflict' ? item.current?.updated_at : undefined
  await db.outbox.update(seq, {
    ...(body === undefined ? {} : { body }),
    ...(theirs ? { ifMatch: theirs } : {}),
    state: 'pending',
    errors: undefined,
    message: undefined,
    current: undefined,
    status: undefined,
    nextAttemptAt: 0,
  })
  await markRecord(db, item, 'pending')
}

/** "Keep mine" after a conflict: the same change, applied over the version someone else wrote. */
export function keepMine(db: LocalDb, seq: number): Promise<void> {
  return resendItem(db, seq)
}

/**
 * "Take theirs" after a conflict: this change is dropped and the mirror shows the server's version
 * (or drops the row, if the server has none).
 */
export async function takeTheirs(db: LocalDb, seq: number): Promise<void> {
  const item = await db.outbox.get(seq)
  if (!item) return
  await discardItem(db, seq)
  if (!item.record) return
  const [name, id] = item.record.split(/:(.*)/s) as [string, string]
  const collection = collectionOf(name)
  if (!collection || (await db.outbox.where('record').equals(item.record).count()) > 0) return
  const row = item.current ? collection.fromWrite?.(item.current) : undefined
  if (row) await db.table(name).put(row)
  else await db.table(name).delete(collection.key(id))
}

/** The user chose to drop a write (after confirming). Its local row goes back to the server's version. */
export async function discardItem(db: LocalDb, seq: number): Promise<OutboxItem | undefined> {
  const item = await db.outbox.get(seq)
  if (!item) return undefined
  await db.transaction('rw', db.tables, async () => {
    await db.outbox.delete(seq)
    if (item.blobId) await db.blobs.delete(item.blobId)
    if (item.record) {
      const [name, id] = item.record.split(/:(.*)/s) as [string, string]
      const collection = collectionOf(name)
      const others = await db.outbox.where('record').equals(item.record).toArray()
      if (collection && others.length === 0) {
        if (item.kind.endsWith('.create')) await db.table(name).delete(collection.key(id))
        else await db.table(name).update(collection.key(id), { _sync: undefined })
      } else if (collection) {
        // The row now shows the writes left: waiting, or needing attention if one of them does.
        const _sync = others.some((other) => other.state !== 'pending') ? 'rejected' : 'pending'
        await db.table(name).update(collection.key(id), { _sync })
      }
    }
  })
  return item
}

/** Writes the tab left half-done stay pending: a replay is safe, the server applies each once. */
export async function resumeSignedIn(): Promise<void> {
  setSyncStatus({ needsSignIn: false })
  await replayOutbox()
}
