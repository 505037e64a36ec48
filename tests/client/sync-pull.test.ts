import 'fake-indexeddb/auto'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deletePost, markPostRead, savePost } from '#client/features/posts/post-actions.ts'
import { store } from '#client/platform/store.ts'
import { DB_PREFIX, openLocalDb } from '#client/platform/sync/local-db.ts'
import { enqueue, replayOutbox } from '#client/platform/sync/outbox.ts'
import { FIRST_PAGE_SIZE, fetchFirstPageEarly, PULL_PAGE_SIZE, pullOnce } from '#client/platform/sync/pull.ts'
import { databasesKeptAtSignOut, startSync, syncNow } from '#client/platform/sync/sync-engine.ts'
import { syncStatusAtom } from '#client/platform/sync/sync-status.ts'
import type { SyncChange } from '#shared/sync.ts'
import { type Harness, ids, mirrorKeys, startHarness } from './helpers/sync-harness.ts'

const FIVE_MINUTES = 5 * 60_000

let h: Harness
let staffToken: string
let adminToken: string

beforeEach(async () => {
  h = await startHarness()
  staffToken = await h.t.login('staff@demo.test')
  adminToken = await h.t.login('admin@demo.test')
})

afterEach(() => h.stop())

/** The pages a pull received, from the network log. */
function pagesSince(logIndex: number) {
  return h.net.log
    .slice(logIndex)
    .filter((e) => e.path.startsWith('/api/v1/sync'))
    .map((e) => e.page!)
}

const changeKey = (c: SyncChange) => `${c.collection}:${c.id}`

/** Posts the user sees before the test writes any (the demo has a few of its own). */
async function postsSeenBy(token: string): Promise<string[]> {
  return (await h.serverMirror(token))
    .filter((k) => k.startsWith('posts:'))
    .map((k) => k.slice('posts:'.length))
}

const sorted = (list: string[]) => [...list].sort()

describe('V6 pull', () => {
  it('V6: small pages bring every visible row exactly once, also rows changed in the same instant', async () => {
    const seeded = await postsSeenBy(await h.t.login('guardian@demo.test'))
    const forAll = []
    for (let i = 0; i < 4; i++)
      forAll.push((await h.createServerPost(staffToken, { title: `Para todos ${i}` })).id)
    const grade2 = await h.gradeId('2° Básico')
    const course2A = await h.courseId('2° Básico A')
    const notMine = (await h.createServerPost(staffToken, { grades: [grade2], courses: [course2A] })).id
    await h.signIn('guardian@demo.test')
    const db = h.newDb()

    const first = await pullOnce(db, 3)
    expect(first).toMatchObject({ reset: false })
    const pages = pagesSince(0)
    expect(pages.length).toBeGreaterThanOrEqual(3)
    for (const page of pages) expect(page.changes.length).toBeLessThanOrEqual(3)
    const received = pages.flatMap((p) => p.changes.map(changeKey))
    expect(new Set(received).size).toBe(received.length)
    expect(await ids(db, 'posts')).toEqual(sorted([...seeded, ...forAll]))
    expect(await db.posts.get(notMine)).toBeUndefined()

    // Five scheduled posts come due together: one transaction gives them consecutive change numbers
    // at the same instant, and a page boundary falls among them.
    const scheduled = []
    for (let i = 0; i < 5; i++) {
      const at = new Date(Date.now() + 60 * 60_000).toISOString()
      scheduled.push((await h.createServerPost(staffToken, { title: `Programado ${i}`, publish_at: at })).id)
    }
    await h.t.db
      .updateTable('posts')
      .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', 'in', scheduled)
      .execute()
    const before = h.net.log.length
    const second = await pullOnce(db, 3)
    expect(second).toMatchObject({ reset: false })
    const later = pagesSince(before)
    expect(later.length).toBeGreaterThanOrEqual(2)
    const puts = later.flatMap((p) => p.changes.filter((c) => c.op === 'put').map(changeKey))
    expect(puts.filter((k) => k.startsWith('posts:')).sort()).toEqual(
      scheduled.map((id) => `posts:${id}`).sort(),
    )
    expect(await ids(db, 'posts')).toEqual(sorted([...seeded, ...forAll, ...scheduled]))

    // The mirror is exactly what a single big pull of the same user would hold.
    expect(await mirrorKeys(db)).toEqual(await h.serverMirror(h.token!))
  })

  it('V6: a first sync asks a smaller first page (what Home draws first), and every later page is a full one', async () => {
    await h.signIn('guardian@demo.test')
    const db = h.newDb()
    const before = h.net.log.length
    await pullOnce(db)
    const limits = () =>
      h.net.log
        .slice(before)
        .filter((e) => e.path.startsWith('/api/v1/sync'))
        .map((e) => new URLSearchParams(e.path.split('?')[1]).get('limit'))
    expect(limits()[0]).toBe(String(FIRST_PAGE_SIZE))
    expect(
      limits()
        .slice(1)
        .every((limit) => limit === String(PULL_PAGE_SIZE)),
    ).toBe(true)
    expect(sorted(await mirrorKeys(db))).toEqual(
      sorted(await h.serverMirror(await h.t.login('guardian@demo.test'))),
    )

    await h.createServerPost(staffToken, { title: 'Después' })
    const pulled = limits().length
    await pullOnce(db)
    expect(limits().slice(pulled)).toEqual([String(PULL_PAGE_SIZE)])
  })

  it('V6: a post the staff deletes disappears from the family mirror on the next pull', async () => {
    const seeded = await postsSeenBy(await h.t.login('guardian@demo.test'))
    const kept = (await h.createServerPost(staffToken, { title: 'Se queda' })).id
    const gone = (await h.createServerPost(staffToken, { title: 'Se borra' })).id
    await h.signIn('guardian@demo.test')
    const db = h.newDb()
    await pullOnce(db, 3)
    expect(await ids(db, 'posts')).toEqual(sorted([...seeded, kept, gone]))

    expect((await h.t.request('DELETE', `/api/v1/posts/${gone}`, { token: staffToken })).status).toBe(204)
    const before = h.net.log.length
    expect(await pullOnce(db, 3)).toMatchObject({ reset: false })

    expect(pagesSince(before).flatMap((p) => p.changes)).toContainEqual(
      expect.objectContaining({ collection: 'posts', op: 'delete', id: gone }),
    )
    expect(await ids(db, 'posts')).toEqual(sorted([...seeded, kept]))
  })

  it('V6: moving the student to another course resets the mirror: hidden rows go, new ones come, pending writes stay', async () => {
    const grade1 = await h.gradeId('1° Básico')
    const course1A = await h.courseId('1° Básico A')
    const course1B = await h.courseId('1° Básico B')
    const seeded = await postsSeenBy(await h.t.login('guardian@demo.test'))
    const for1A = (await h.createServerPost(staffToken, { grades: [grade1], courses: [course1A] })).id
    const for1B = (await h.createServerPost(staffToken, { grades: [grade1], courses: [course1B] })).id
    const forAll = (await h.createServerPost(staffToken)).id
    await h.signIn('guardian@demo.test')
    const db = openLocalDb(await h.userId('guardian@demo.test'))
    await pullOnce(db)
    expect(await ids(db, 'posts')).toEqual(sorted([...seeded, for1A, forAll]))
    const notifications = await ids(db, 'notifications')
    expect(notifications).toHaveLength(1)

    // Read offline: the receipt waits in the outbox while the reset happens.
    h.net.offline = true
    await markPostRead(forAll)
    await replayOutbox(db)
    h.net.offline = false

    const studentId = await h.userId('student@demo.test')
    const moved = await h.t.request('PUT', `/api/v1/students/${studentId}/courses`, {
      token: adminToken,
      json: { course_ids: [course1B] },
    })
    expect(moved.status).toBe(200)

    const result = await pullOnce(db)
    expect(result).toMatchObject({ reset: true })
    const posts = await ids(db, 'posts')
    expect(posts).toContain(for1B)
    expect(posts).toContain(forAll)
    expect(posts).not.toContain(for1A)
    expect(await ids(db, 'notifications')).toEqual(notifications)
    expect((await db.post_reads.get(forAll))?._sync).toBe('pending')
    // Exactly the server's view, plus the receipt still waiting to be sent.
    expect(await mirrorKeys(db)).toEqual(
      sorted([...(await h.serverMirror(h.token!)), `post_reads:${forAll}`]),
    )
    expect(await db.outbox.count()).toBe(1)

    h.later(FIVE_MINUTES)
    await replayOutbox(db)
    await pullOnce(db)
    expect((await db.post_reads.get(forAll))?._sync).toBeUndefined()
    expect(await mirrorKeys(db)).toEqual(await h.serverMirror(h.token!))
  })

  it("V6: each user has a database of their own, and another user's mirror holds nothing of theirs", async () => {
    const seededForStaff = await postsSeenBy(staffToken)
    const post = (await h.createServerPost(staffToken)).id
    const guardianId = await h.userId('guardian@demo.test')
    const staffId = await h.userId('staff@demo.test')
    const adminId = await h.userId('admin@demo.test')

    await h.signIn('guardian@demo.test')
    const guardianDb = openLocalDb(guardianId)
    await pullOnce(guardianDb)
    await markPostRead(post)
    await replayOutbox(guardianDb)
    const guardianNotifications = await ids(guardianDb, 'notifications')
    expect(await ids(guardianDb, 'post_reads')).toEqual([post])

    // The admin left a write unsent on this phone earlier.
    const adminDb = h.newDb(`${DB_PREFIX}${adminId}`)
    await enqueue(adminDb, { kind: 'post.delete', method: 'DELETE', url: `/api/v1/posts/${uuidv7()}` })
    adminDb.close()

    // The staff member signs in on the same device.
    await h.signIn('staff@demo.test')
    await startSync(staffId)
    const staffDb = openLocalDb(staffId)
    expect(staffDb.name).not.toBe(guardianDb.name)
    expect(await ids(staffDb, 'posts')).toEqual(sorted([...seededForStaff, post]))
    expect(await ids(staffDb, 'post_reads')).toEqual([])
    const staffNotifications = await ids(staffDb, 'notifications')
    expect(staffNotifications).toHaveLength(1)
    expect(staffNotifications).not.toEqual(guardianNotifications)

    // The guardian's mirror, with nothing left to send, is removed; the admin's unsent write is kept.
    let names: (string | undefined)[] = []
    for (let i = 0; i < 50; i++) {
      names = (await indexedDB.databases()).map((d) => d.name)
      if (!names.includes(guardianDb.name)) break
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(names).not.toContain(guardianDb.name)
    expect(names).toContain(`${DB_PREFIX}${adminId}`)
    expect(names).toContain(staffDb.name)
  })
})

describe("other people's databases on this device", () => {
  it('are kept while they hold unsent writes or cannot be read, and a sign-out is told to keep them too', async () => {
    const staffId = await h.userId('staff@demo.test')
    const adminId = await h.userId('admin@demo.test')
    const adminDb = h.newDb(`${DB_PREFIX}${adminId}`)
    await enqueue(adminDb, { kind: 'post.delete', method: 'DELETE', url: `/api/v1/posts/${uuidv7()}` })
    adminDb.close()
    // Left by a newer build of the app: this one cannot open it, so cannot tell whether writes wait.
    const newer = `${DB_PREFIX}987654`
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(newer, 999_999)
      request.onsuccess = () => {
        request.result.close()
        resolve()
      }
      request.onerror = () => reject(request.error)
    })
    const guardianDb = h.newDb(`${DB_PREFIX}${await h.userId('guardian@demo.test')}`)
    await guardianDb.open()
    guardianDb.close()

    await h.signIn('staff@demo.test')
    await startSync(staffId)
    const kept = [`${DB_PREFIX}${adminId}`, newer].sort()
    await expect
      .poll(async () => (await indexedDB.databases()).map((d) => d.name).sort())
      .toEqual([...kept, `${DB_PREFIX}${staffId}`].sort())
    expect((await databasesKeptAtSignOut(staffId)).sort()).toEqual(kept)
  })
})

describe('a pull that fills the mirror', () => {
  it('is told apart from a catch-up: screens follow a first sync more slowly, and every later pull at once', async () => {
    await h.signIn('guardian@demo.test')
    const db = openLocalDb(await h.userId('guardian@demo.test'))
    const seen: boolean[] = []
    const stop = store.sub(syncStatusAtom, () => seen.push(store.get(syncStatusAtom).filling))
    try {
      await syncNow()
      expect(await db.posts.count()).toBeGreaterThan(0)
      expect(seen).toContain(true)
      expect(store.get(syncStatusAtom).filling).toBe(false)

      seen.length = 0
      await h.createServerPost(staffToken, { title: 'Después' })
      await syncNow()
      expect(seen).not.toContain(true)
      expect(seen.length).toBeGreaterThan(0)
    } finally {
      stop()
    }
  })
})

describe('a first page asked before the pull (the worker, as it starts)', () => {
  const syncAsked = (from: number) => h.net.log.slice(from).filter((e) => e.path.startsWith('/api/v1/sync'))

  it("is the first sync's own first page: asked once, taken by the pull, which brings the rest", async () => {
    await h.signIn('guardian@demo.test')
    const plain = h.newDb()
    await pullOnce(plain)
    const expected = await mirrorKeys(plain)
    const pagesOfAPull = syncAsked(0).length

    const db = h.newDb()
    const from = h.net.log.length
    await fetchFirstPageEarly(db)
    expect(syncAsked(from).map((e) => e.path)).toEqual([`/api/v1/sync?limit=${FIRST_PAGE_SIZE}`])
    await pullOnce(db)
    expect(syncAsked(from)).toHaveLength(pagesOfAPull)
    expect(await mirrorKeys(db)).toEqual(expected)
    expect(await db.meta.get('complete')).toBeDefined()
  })

  it('is not asked for a mirror that has had a page, and one that failed is asked again by the pull', async () => {
    await h.signIn('guardian@demo.test')
    const db = h.newDb()
    h.net.offline = true
    await fetchFirstPageEarly(db)
    h.net.offline = false
    const from = h.net.log.length
    await pullOnce(db)
    expect(syncAsked(from)[0]?.path).toBe(`/api/v1/sync?limit=${FIRST_PAGE_SIZE}`)
    expect(await db.meta.get('complete')).toBeDefined()

    const after = h.net.log.length
    await fetchFirstPageEarly(db)
    expect(h.net.log.length).toBe(after)
  })
})

describe('V7 a pull does not overwrite a local edit still in the outbox', () => {
  it('V7: the teacher’s offline edit survives a pull of a newer server version, and is not applied over it', async () => {
    const staffId = await h.userId('staff@demo.test')
    await h.signIn('staff@demo.test')
    const db = openLocalDb(staffId)
    const post = await h.createServerPost(staffToken, { title: 'Original' })
    const other = await h.createServerPost(staffToken, { title: 'Otro' })
    await pullOnce(db)

    h.net.offline = true
    await savePost(
      { id: post.id, title: 'Edición local', content: post.content, grades: ['all'], courses: ['all'] },
      [],
      { id: staffId, name: 'Sergio', first_lastname: 'Profesor' },
      await db.posts.get(post.id),
    )
    await replayOutbox(db)
    h.net.offline = false

    // Meanwhile the admin edits the same post and another one on the server.
    for (const [id, title] of [
      [post.id, 'Edición del servidor'],
      [other.id, 'Otro editado'],
    ] as const) {
      const res = await h.t.request('PUT', `/api/v1/posts/${id}`, {
        token: adminToken,
        json: { title, content: '<p>Nuevo</p>', grades: ['all'], courses: ['all'] },
      })
      expect(res.status).toBe(200)
    }

    await pullOnce(db)
    expect(await db.posts.get(post.id)).toMatchObject({ title: 'Edición local', _sync: 'pending' })
    expect((await db.posts.get(other.id))?.title).toBe('Otro editado')

    // Once sent, it meets the newer version: nothing is overwritten, the teacher chooses (V10).
    h.later(FIVE_MINUTES)
    await replayOutbox(db)
    await pullOnce(db)
    expect(await db.posts.get(post.id)).toMatchObject({ title: 'Edición local', _sync: 'rejected' })
    expect((await db.outbox.toArray()).map((i) => i.state)).toEqual(['conflict'])
    expect((await h.serverPost(post.id))?.title).toBe('Edición del servidor')
  })

  it('V7: a post deleted offline is not brought back by a pull; deleting a changed post waits for the author', async () => {
    const staffId = await h.userId('staff@demo.test')
    await h.signIn('staff@demo.test')
    const db = openLocalDb(staffId)
    const post = await h.createServerPost(staffToken, { title: 'Para borrar' })
    await pullOnce(db)

    h.net.offline = true
    await deletePost(post.id)
    await replayOutbox(db)
    h.net.offline = false
    await h.t.request('PUT', `/api/v1/posts/${post.id}`, {
      token: adminToken,
      json: { title: 'Editado por otro', content: '<p>x</p>', grades: ['all'], courses: ['all'] },
    })

    await pullOnce(db)
    expect(await db.posts.get(post.id)).toMatchObject({ title: 'Para borrar', _sync: 'pending' })

    h.later(FIVE_MINUTES)
    await replayOutbox(db)
    await pullOnce(db)
    expect((await db.outbox.toArray()).map((i) => i.state)).toEqual(['conflict'])
    expect(await h.serverPost(post.id)).toBeDefined()
  })
})
