import 'fake-indexeddb/auto'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { markPostRead, savePost } from '#client/features/posts/post-actions.ts'
import { openLocalDb, schemaChangeListeners } from '#client/platform/sync/local-db.ts'
import { enqueue, replayOutbox } from '#client/platform/sync/outbox.ts'
import { PUT_SLICE, pullOnce } from '#client/platform/sync/pull.ts'
import { pull } from '#client/platform/sync/pull-off-thread.ts'
import { syncNow } from '#client/platform/sync/sync-engine.ts'
import { setSyncStatus, syncStatus } from '#client/platform/sync/sync-status.ts'
import { type Harness, mirrorKeys, startHarness } from './helpers/sync-harness.ts'

const FIVE_MINUTES = 5 * 60_000
const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')

let h: Harness

beforeEach(async () => {
  h = await startHarness()
})

afterEach(() => h.stop())

/** Fails the test instead of hanging when an open is blocked by a connection that does not let go. */
function within<T>(promise: Promise<T>, ms = 2000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ])
}

describe('V8 a schema upgrade keeps the outbox', () => {
  it('V8: a database written at the current version opens at the next one with every waiting write and file', async () => {
    const name = `test-${uuidv7()}`
    const v1 = h.newDb(name)
    await v1.blobs.put({
      id: 'img',
      blob: new Blob([new Uint8Array([1, 2, 3])]),
      name: 'a.png',
      type: 'image/png',
    })
    await enqueue(v1, {
      kind: 'post-image.upload',
      method: 'POST',
      url: '/api/v1/post-images',
      body: { id: 'img' },
      blobId: 'img',
    })
    await enqueue(v1, {
      kind: 'post.create',
      method: 'POST',
      url: '/api/v1/posts',
      body: { title: 'x' },
      record: 'posts:1',
    })
    await v1.outbox.update(2, {
      state: 'rejected',
      errors: { content: ['Please write the content of the post'] },
    })
    const before = await v1.outbox.orderBy('seq').toArray()
    // The release whose notifications are indexed by their read time is the current one.
    expect(v1.verno).toBe(9)
    v1.close()

    // The next release adds an index to the outbox and a new table.
    const v2 = h.newDb(name)
    v2.version(10).stores({ outbox: '++seq, &id, state, record, kind', drafts: 'id' })
    await within(v2.open())

    expect(v2.verno).toBe(10)
    expect(await v2.outbox.orderBy('seq').toArray()).toEqual(before)
    expect(await v2.outbox.where('kind').equals('post.create').count()).toBe(1)
    expect((await v2.blobs.get('img'))?.blob.size).toBe(3)
    expect(await v2.table('drafts').count()).toBe(0)
  })

  it('V8: an open tab is told to reload when another tab upgrades, and lets the upgrade through', async () => {
    const userId = 4242
    const db = openLocalDb(userId)
    await enqueue(db, { kind: 'post.read', method: 'POST', url: '/api/v1/posts/x/read', body: {} })
    const listener = vi.fn()
    schemaChangeListeners.add(listener)
    try {
      const newer = h.newDb(db.name)
      newer.version(10).stores({ drafts: 'id' })
      await within(newer.open())

      expect(listener).toHaveBeenCalledTimes(1)
      expect(syncStatus().reloadRequired).toBe(true)
      expect(db.isOpen()).toBe(false)
      expect(await newer.outbox.count()).toBe(1)
      // The old tab does not silently reopen with its old schema.
      await expect(db.outbox.count()).rejects.toMatchObject({ name: 'DatabaseClosedError' })
      // ... and sync stays quiet until it reloads.
      await syncNow()
      expect(h.net.log).toHaveLength(0)
    } finally {
      schemaChangeListeners.delete(listener)
    }
  })
})

describe('V9 a quota error pauses sync and keeps the outbox', () => {
  it('V9: a pull that cannot be stored pauses sync, changes nothing and keeps the outbox', async () => {
    const guardianToken = await h.signIn('guardian@demo.test')
    const staffToken = await h.t.login('staff@demo.test')
    const post = await h.createServerPost(staffToken)
    const db = openLocalDb(await h.userId('guardian@demo.test'))
    await enqueue(db, {
      kind: 'post.read',
      method: 'POST',
      url: `/api/v1/posts/${post.id}/read`,
      body: { read_at: new Date().toISOString() },
      record: `post_reads:${post.id}`,
    })
    // applyPage writes through db.table(name), a different Table object from db.posts.
    const bulkPut = vi.spyOn(db.table('posts'), 'bulkPut').mockImplementation(() => {
      throw quotaError()
    })

    await expect(pull(db)).rejects.toMatchObject({ name: 'QuotaExceededError' })
    expect(syncStatus().storageFull).toBe(true)
    expect(await db.outbox.count()).toBe(1)
    expect(await mirrorKeys(db)).toEqual([])
    expect(await db.meta.get('cursor')).toBeUndefined()

    // Paused: nothing is sent or pulled until the user frees space.
    const requests = h.net.log.length
    await syncNow()
    expect(h.net.log).toHaveLength(requests)

    // Space freed: the same pull and the waiting write go through.
    expect(bulkPut).toHaveBeenCalled()
    bulkPut.mockRestore()
    setSyncStatus({ storageFull: false })
    await syncNow()
    expect(await db.outbox.count()).toBe(0)
    expect(await db.posts.get(post.id)).toBeDefined()
    expect((await db.post_reads.get(post.id))?._sync).toBeUndefined()
    expect(guardianToken).toBe(h.token)
  })

  it('V9: a page written in slices is kept whole or not at all: storage filling after the first slice keeps none of it', async () => {
    const staffToken = await h.t.login('staff@demo.test')
    await h.signIn('guardian@demo.test')
    const db = h.newDb()
    // The first sync first (its first page is a small one), then a page of more posts than a slice.
    await pullOnce(db)
    const before = await mirrorKeys(db)
    const cursor = (await db.meta.get('cursor'))?.value
    for (let i = 0; i <= PUT_SLICE; i++) await h.createServerPost(staffToken, { title: `Circular ${i}` })
    const table = db.table('posts')
    const write = table.bulkPut.bind(table)
    let calls = 0
    const bulkPut = vi.spyOn(table, 'bulkPut').mockImplementation((rows) => {
      calls++
      if (calls === 2) throw quotaError()
      return write(rows)
    })
    await expect(pullOnce(db)).rejects.toMatchObject({ name: 'QuotaExceededError' })
    // The first slice was written, then undone with the rest of the page; the cursor stayed put.
    expect(calls).toBe(2)
    expect(await mirrorKeys(db)).toEqual(before)
    expect((await db.meta.get('cursor'))?.value).toBe(cursor)

    bulkPut.mockRestore()
    setSyncStatus({ storageFull: false })
    expect(await pullOnce(db)).toMatchObject({ pages: 1 })
    expect(await db.posts.count()).toBe(
      (await h.serverMirror(h.token!)).filter((k) => k.startsWith('posts:')).length,
    )
  })

  it('V9: a quota error while settling a sent write keeps it in the outbox; the retry is applied once', async () => {
    await h.signIn('staff@demo.test')
    const staffId = await h.userId('staff@demo.test')
    const db = openLocalDb(staffId)
    h.net.offline = true
    const id = await savePost(
      { id: uuidv7(), title: 'Sin espacio', content: '<p>x</p>', grades: ['all'], courses: ['all'] },
      [],
      { id: staffId, name: 'Sergio', first_lastname: 'Profesor' },
    )
    await replayOutbox(db)
    h.net.offline = false
    h.later(FIVE_MINUTES)
    const remove = vi.spyOn(db.outbox, 'delete').mockImplementation(() => {
      throw quotaError()
    })

    await replayOutbox(db)
    expect(syncStatus().storageFull).toBe(true)
    expect(await h.serverPosts(id)).toHaveLength(1)
    expect(await db.outbox.count()).toBe(1)
    expect((await db.posts.get(id))?._sync).toBe('pending')

    remove.mockRestore()
    setSyncStatus({ storageFull: false })
    await replayOutbox(db)
    expect(await db.outbox.count()).toBe(0)
    expect(await h.serverPosts(id)).toHaveLength(1)
    expect((await db.posts.get(id))?._sync).toBeUndefined()
  })

  it('V9: a read receipt that cannot be stored rejects instead of hanging, and nothing is queued', async () => {
    await h.signIn('guardian@demo.test')
    const db = openLocalDb(await h.userId('guardian@demo.test'))
    vi.spyOn(db.outbox, 'add').mockImplementation(() => {
      throw quotaError()
    })
    await expect(within(markPostRead(uuidv7()))).rejects.toMatchObject({ name: 'QuotaExceededError' })
    expect(await db.post_reads.count()).toBe(0)
    vi.mocked(db.outbox.add).mockRestore()
    expect(await db.outbox.count()).toBe(0)
  })
})
