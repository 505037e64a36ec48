import 'fake-indexeddb/auto'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { discardWrite, savePost } from '#client/features/posts/post-actions.ts'
import { type LocalDb, openLocalDb } from '#client/platform/sync/local-db.ts'
import {
  backoffDelay,
  discardItem,
  replayOutbox,
  resendItem,
  resumeSignedIn,
} from '#client/platform/sync/outbox.ts'
import type { OutboxItem } from '#client/platform/sync/outbox-types.ts'
import { pullOnce } from '#client/platform/sync/pull.ts'
import { retryNow, syncNow } from '#client/platform/sync/sync-engine.ts'
import { syncStatus } from '#client/platform/sync/sync-status.ts'
import type { PostInput } from '#shared/posts.schema.ts'
import { type Harness, startHarness } from './helpers/sync-harness.ts'

const FIVE_MINUTES = 5 * 60_000
const AUTHOR = { name: 'Sergio', first_lastname: 'Profesor' }

let h: Harness
let db: LocalDb
let staffId: number

beforeEach(async () => {
  h = await startHarness()
  staffId = await h.userId('staff@demo.test')
  await h.signIn('staff@demo.test')
  db = openLocalDb(staffId)
})

afterEach(() => h.stop())

function draft(overrides: Partial<PostInput> = {}): PostInput & { id: string } {
  return {
    id: uuidv7(),
    title: 'Reunión de apoderados',
    content: '<p>Nos vemos el jueves a las 19:00.</p>',
    grades: ['all'],
    courses: ['all'],
    ...overrides,
  }
}

/** The teacher writes a post; the engine tries to send it at once. */
async function write(overrides: Partial<PostInput> = {}): Promise<string> {
  const id = await savePost(draft(overrides), [], { id: staffId, ...AUTHOR })
  await replayOutbox(db)
  return id
}

/** The device comes back online once every backoff delay has passed, and the outbox replays. */
async function backOnline(): Promise<void> {
  h.net.offline = false
  h.later(FIVE_MINUTES)
  await replayOutbox(db)
}

const outbox = () => db.outbox.orderBy('seq').toArray()
const keysReaching = (path: string) => h.net.reached(undefined, path).map((e) => e.key)

describe('V1 the answer is lost after the server committed', () => {
  it('V1: keeps the write pending and the replay answers with the stored post, applied once', async () => {
    h.net.fail('lose-answer', (e) => e.method === 'POST' && e.path === '/api/v1/posts')
    const id = await write({ title: 'Salida pedagógica' })

    // The server has the post, but the device never heard back: the write is still waiting.
    expect(await h.serverPosts(id)).toHaveLength(1)
    const [item] = await outbox()
    expect(item).toMatchObject({ kind: 'post.create', state: 'pending', attempts: 1 })
    expect((await db.posts.get(id))?._sync).toBe('pending')

    h.later(item!.nextAttemptAt - Date.now())
    await replayOutbox(db)

    const sends = h.net.reached('POST', '/api/v1/posts')
    expect(sends.map((e) => [e.key, e.outcome, e.status])).toEqual([
      [item!.id, 'lost', 201],
      [item!.id, 'answered', 200],
    ])
    expect(await h.serverPosts(id)).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
    const row = await db.posts.get(id)
    expect(row?.title).toBe('Salida pedagógica')
    expect(row?._sync).toBeUndefined()
    expect(row?.author.id).toBe(staffId)
  })
})

describe('V2 write 2 of 3 meets a 503', () => {
  it('V2: holds write 3 back until write 2 goes, and the server sees 1, 2, 3 in order', async () => {
    h.net.offline = true
    const first = await write({ title: 'Uno' })
    const second = await write({ title: 'Dos' })
    const third = await write({ title: 'Tres' })
    expect((await outbox()).map((i) => i.record)).toEqual([
      `posts:${first}`,
      `posts:${second}`,
      `posts:${third}`,
    ])

    h.net.fail({ status: 503 }, (e) => e.body?.id === second)
    await backOnline()

    // Write 1 went, write 2 met the outage, write 3 was not even tried.
    const tried = h.net.writes()
    expect(tried.map((e) => [e.body?.title, e.status])).toEqual([
      ['Uno', 201],
      ['Dos', 503],
    ])
    expect((await outbox()).map((i) => [i.record, i.state])).toEqual([
      [`posts:${second}`, 'pending'],
      [`posts:${third}`, 'pending'],
    ])
    expect(await h.serverPosts(third)).toHaveLength(0)
    expect((await db.posts.get(first))?._sync).toBeUndefined()
    expect((await db.posts.get(third))?._sync).toBe('pending')

    h.later(FIVE_MINUTES)
    await replayOutbox(db)

    expect(
      h.net
        .reached('POST', '/api/v1/posts')
        .filter((e) => e.status === 201)
        .map((e) => e.body?.title),
    ).toEqual(['Uno', 'Dos', 'Tres'])
    const stored = await h.t.db
      .selectFrom('posts')
      .select(['id', 'version'])
      .where('id', 'in', [first, second, third])
      .orderBy('version')
      .execute()
    expect(stored.map((p) => p.id)).toEqual([first, second, third])
    expect(await db.outbox.count()).toBe(0)
    expect((await db.posts.toArray()).map((p) => p._sync)).toEqual([undefined, undefined, undefined])
  })
})

describe('V3 a 422 needs attention', () => {
  it('V3: keeps the refused write with its field errors and lets other writes go', async () => {
    h.net.offline = true
    const unknownCourse = await write({ title: 'Curso que no existe', courses: [999_999] })
    const empty = await write({ title: 'Sin contenido', content: '<p> </p>' })
    const fine = await write({ title: 'Todo bien' })
    await backOnline()

    const items = await outbox()
    expect(items.map((i) => [i.record, i.state])).toEqual([
      [`posts:${unknownCourse}`, 'rejected'],
      [`posts:${empty}`, 'rejected'],
    ])
    expect(items[0]!.errors).toEqual({ courses: [expect.stringMatching(/course/i)] })
    expect(items[1]!.errors).toEqual({ content: ['Please write the content of the post'] })
    expect((await db.posts.get(unknownCourse))?._sync).toBe('rejected')
    expect((await db.posts.get(empty))?._sync).toBe('rejected')
    // The write after them reached the server.
    expect(await h.serverPosts(fine)).toHaveLength(1)
    expect((await db.posts.get(fine))?._sync).toBeUndefined()

    // Refused writes are never dropped nor sent again on their own, however long the wait.
    const sentBefore = h.net.writes().length
    h.later(60 * 60_000)
    await replayOutbox(db)
    expect(h.net.writes()).toHaveLength(sentBefore)
    expect(await db.outbox.count()).toBe(2)

    // The teacher fixes the courses and sends it again.
    await resendItem(db, items[0]!.seq!, { ...(items[0]!.body as object), courses: ['all'] })
    expect((await db.posts.get(unknownCourse))?._sync).toBe('pending')
    await replayOutbox(db)
    expect(h.net.writes().at(-1)).toMatchObject({ key: items[0]!.id, status: 201 })
    expect((await h.serverPost(unknownCourse))?.courses).toEqual(['all'])
    expect((await db.posts.get(unknownCourse))?._sync).toBeUndefined()

    // ... and gives up the empty one: a post that never existed leaves the mirror too.
    await discardItem(db, items[1]!.seq!)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.posts.get(empty)).toBeUndefined()
    expect(await h.serverPosts(empty)).toHaveLength(0)
  })

  it('V3: a refused edit holds back later edits of the same post only, and discarding it restores the server version', async () => {
    const id = await write({ title: 'Versión del servidor' })
    const other = await write({ title: 'Otra' })
    const existing = (await db.posts.get(id))!
    h.net.offline = true
    await savePost(
      draft({ id, title: 'Edición vacía', content: '' }),
      [],
      { id: staffId, ...AUTHOR },
      existing,
    )
    await savePost(draft({ id, title: 'Segunda edición' }), [], { id: staffId, ...AUTHOR }, existing)
    await savePost(
      draft({ id: other, title: 'Otra editada' }),
      [],
      { id: staffId, ...AUTHOR },
      (await db.posts.get(other))!,
    )
    await backOnline()

    const items = await outbox()
    expect(items.map((i) => [i.kind, i.state, (i.body as PostInput).title])).toEqual([
      ['post.update', 'rejected', 'Edición vacía'],
      ['post.update', 'pending', 'Segunda edición'],
    ])
    expect(
      h.net
        .writes()
        .filter((e) => e.method === 'PUT')
        .map((e) => [e.body?.title, e.status]),
    ).toEqual([
      ['Edición vacía', 422],
      ['Otra editada', 200],
    ])
    expect((await db.posts.get(id))?._sync).toBe('rejected')

    // Discarding the refused edit lets the next one go; until it is sent, the mirror keeps showing it.
    await discardWrite(items[0]!.seq!)
    expect(await db.posts.get(id)).toMatchObject({ title: 'Segunda edición', _sync: 'pending' })
    await replayOutbox(db)
    expect(await db.outbox.count()).toBe(0)
    expect((await h.serverPost(id))?.title).toBe('Segunda edición')
    expect((await db.posts.get(id))?.title).toBe('Segunda edición')
    expect((await db.posts.get(id))?._sync).toBeUndefined()
  })

  it('V3: discardWrite of the only refused edit brings back the server version', async () => {
    const id = await write({ title: 'Versión del servidor' })
    await savePost(
      draft({ id, title: 'Mala', content: '' }),
      [],
      { id: staffId, ...AUTHOR },
      (await db.posts.get(id))!,
    )
    await replayOutbox(db)
    const [item] = await outbox()
    expect(item?.state).toBe('rejected')
    expect((await db.posts.get(id))?.title).toBe('Mala')

    await discardWrite(item!.seq!)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.posts.get(id)).toMatchObject({ title: 'Versión del servidor' })
    expect((await db.posts.get(id))?._sync).toBeUndefined()
  })
})

describe('V7 in the outbox: an answer does not overwrite a later local edit', () => {
  it('V7: a post created then edited offline keeps showing the edit while the edit waits on an outage', async () => {
    h.net.offline = true
    const id = await write({ title: 'Primera versión' })
    await savePost(
      draft({ id, title: 'Corregida' }),
      [],
      { id: staffId, ...AUTHOR },
      (await db.posts.get(id))!,
    )
    expect((await outbox()).map((i) => i.kind)).toEqual(['post.create', 'post.update'])

    h.net.fail({ status: 503 }, (e) => e.method === 'PUT')
    await backOnline()
    expect(h.net.writes().map((e) => [e.method, e.status])).toEqual([
      ['POST', 201],
      ['PUT', 503],
    ])
    // The create's answer must not bring back the first version over the edit still waiting.
    expect(await db.posts.get(id)).toMatchObject({ title: 'Corregida', _sync: 'pending' })

    h.later(FIVE_MINUTES)
    await replayOutbox(db)
    expect(await db.outbox.count()).toBe(0)
    expect((await h.serverPost(id))?.title).toBe('Corregida')
    expect((await db.posts.get(id))?.title).toBe('Corregida')
    expect((await db.posts.get(id))?._sync).toBeUndefined()
  })
})

describe('V4 a 401 pauses the queue', () => {
  it('V4: a revoked token pauses every write; after signing in again they arrive once with the new token', async () => {
    h.net.offline = true
    const first = await write({ title: 'Primera' })
    const second = await write({ title: 'Segunda' })
    const oldToken = h.token!
    expect((await h.t.request('POST', '/api/logout-mobile', { token: oldToken })).status).toBe(200)

    await backOnline()
    expect(syncStatus().needsSignIn).toBe(true)
    expect(h.net.writes().map((e) => [e.body?.title, e.status])).toEqual([['Primera', 401]])
    expect((await outbox()).map((i) => i.state)).toEqual(['pending', 'pending'])

    // Nothing goes while the user has not signed in again: neither the outbox nor a pull.
    const requests = h.net.log.length
    h.later(FIVE_MINUTES)
    await replayOutbox(db)
    await syncNow()
    expect(h.net.log).toHaveLength(requests)

    const newToken = await h.signIn('staff@demo.test')
    await resumeSignedIn()

    expect(syncStatus().needsSignIn).toBe(false)
    expect(await db.outbox.count()).toBe(0)
    const created = h.net.writes().filter((e) => e.status === 201)
    expect(created.map((e) => [e.body?.title, e.token])).toEqual([
      ['Primera', newToken],
      ['Segunda', newToken],
    ])
    expect(await h.serverPosts(first)).toHaveLength(1)
    expect(await h.serverPosts(second)).toHaveLength(1)
    expect((await db.posts.toArray()).map((p) => p._sync)).toEqual([undefined, undefined])
  })

  it('V4: a pull with a garbage token asks for sign-in instead of failing', async () => {
    h.token = 'garbage-token'
    expect(await pullOnce(db)).toBe('unauthorized')
    await syncNow()
    expect(syncStatus().needsSignIn).toBe(true)
  })
})

describe('V5 network errors and 5xx back off', () => {
  it('V5: retries later and later, never sooner than due, and the write never needs attention', async () => {
    h.net.offline = true
    const id = await write()
    h.net.offline = false
    const faults = [
      { status: 503 },
      { status: 500 },
      { status: 502 },
      'network-error',
      { status: 429 },
    ] as const
    const seen: number[] = []
    for (let attempt = 1; attempt <= 11; attempt++) {
      const [item] = await outbox()
      expect(item).toMatchObject({ state: 'pending', attempts: attempt })
      expect(item!.errors).toBeUndefined()
      const delay = item!.nextAttemptAt - Date.now()
      const ceiling = Math.min(FIVE_MINUTES, 2_000 * 2 ** (attempt - 1))
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2)
      expect(delay).toBeLessThanOrEqual(ceiling)
      seen.push(delay)

      // Not due yet: nothing is sent.
      const sent = h.net.log.length
      h.later(delay - 1)
      await replayOutbox(db)
      expect(h.net.log).toHaveLength(sent)

      h.later(1)
      const fault = faults[attempt % faults.length]!
      if (attempt === 11) h.net.offline = true
      else h.net.fail(fault as never)
      await replayOutbox(db)
      expect(h.net.log).toHaveLength(sent + 1)
    }
    expect(seen.at(-1)).toBeGreaterThan(seen[0]!)
    expect(seen.at(-1)).toBeLessThanOrEqual(FIVE_MINUTES)
    expect((await outbox())[0]).toMatchObject({ state: 'pending', attempts: 12 })
    expect((await db.posts.get(id))?._sync).toBe('pending')

    await backOnline()
    expect(await db.outbox.count()).toBe(0)
    expect(await h.serverPosts(id)).toHaveLength(1)
  })

  it('V5: back online, a first try that still fails (the network was not up yet) is retried within seconds, not after the outage backoff', async () => {
    h.net.offline = true
    const id = await write()
    for (let i = 0; i < 8; i++) {
      h.later(FIVE_MINUTES)
      await replayOutbox(db)
    }
    expect((await outbox())[0]).toMatchObject({ state: 'pending', attempts: 9 })

    // The "online" event comes a moment before requests get through: the write and the pull fail once.
    h.net.offline = false
    h.net.fail('network-error', () => true, 2)
    await retryNow()
    const [item] = await outbox()
    expect(item).toMatchObject({ state: 'pending', attempts: 1 })
    expect(item!.nextAttemptAt - Date.now()).toBeLessThanOrEqual(2_000)

    h.later(2_000)
    await replayOutbox(db)
    expect(await db.outbox.count()).toBe(0)
    expect(await h.serverPosts(id)).toHaveLength(1)
  })

  it('V5: backoffDelay doubles up to five minutes and stays within [half, full] of its ceiling', () => {
    let previous = 0
    for (let attempts = 1; attempts <= 14; attempts++) {
      const ceiling = Math.min(FIVE_MINUTES, 2_000 * 2 ** (attempts - 1))
      expect(backoffDelay(attempts, () => 0)).toBe(ceiling / 2)
      expect(backoffDelay(attempts, () => 1)).toBe(ceiling)
      for (const r of [0.1, 0.5, 0.9]) {
        const delay = backoffDelay(attempts, () => r)
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2)
        expect(delay).toBeLessThanOrEqual(ceiling)
      }
      expect(ceiling).toBeGreaterThanOrEqual(previous)
      previous = ceiling
    }
    expect(backoffDelay(1, () => 1)).toBe(2_000)
    expect(backoffDelay(0, () => 1)).toBe(2_000)
    expect(backoffDelay(100, () => 1)).toBe(FIVE_MINUTES)
  })
})

describe('idempotent replay', () => {
  it('two replays racing in one tab send each write once', async () => {
    h.net.offline = true
    const ids = [await write({ title: 'A' }), await write({ title: 'B' }), await write({ title: 'C' })]
    const keys = (await outbox()).map((i) => i.id)
    h.net.offline = false
    h.later(FIVE_MINUTES)
    await Promise.all([replayOutbox(db), replayOutbox(db), syncNow()])

    expect(keysReaching('/api/v1/posts')).toEqual(keys)
    for (const id of ids) expect(await h.serverPosts(id)).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('the same write sent twice (the tab closed before the outbox heard the answer) creates one post', async () => {
    h.net.offline = true
    const id = await write({ title: 'Una sola vez' })
    const [item] = await outbox()
    await backOnline()
    expect(await db.outbox.count()).toBe(0)

    // As if the tab closed after the server answered but before the outbox row was removed.
    await db.outbox.put(item as OutboxItem)
    h.later(FIVE_MINUTES)
    await replayOutbox(db)

    expect(h.net.reached('POST', '/api/v1/posts').map((e) => [e.key, e.status])).toEqual([
      [item!.id, 201],
      [item!.id, 200],
    ])
    expect(await h.serverPosts(id)).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('the same write arriving twice at once creates one post', async () => {
    h.net.offline = true
    const id = await write({ title: 'Dos a la vez' })
    const [item] = await outbox()
    const send = () =>
      h.net.fetch('http://localhost/api/v1/posts', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${h.token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': item!.id,
        },
        body: JSON.stringify(item!.body),
      })
    h.net.offline = false
    const answers = await Promise.all([send(), send()])
    // Whatever the server answers the loser, the outbox can retry it; what matters is one post.
    expect(answers.map((r) => r.status).sort()).toContain(201)
    expect(await h.serverPosts(id)).toHaveLength(1)
    h.later(FIVE_MINUTES)
    await replayOutbox(db)
    expect(await db.outbox.count()).toBe(0)
    expect(await h.serverPosts(id)).toHaveLength(1)
  })

  it('a replay while another tab holds the outbox lock sends nothing and waits its turn', async () => {
    h.net.offline = true
    const id = await write({ title: 'Esperando' })
    h.net.offline = false
    h.later(FIVE_MINUTES)
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let acquired!: () => void
    const gotLock = new Promise<void>((resolve) => {
      acquired = resolve
    })
    const otherTab = navigator.locks.request(`outbox:${db.name}`, async () => {
      acquired()
      await held
    })
    await gotLock
    await replayOutbox(db)
    expect(h.net.writes()).toHaveLength(0)
    release()
    await otherTab
    await replayOutbox(db)
    expect(h.net.writes().map((e) => e.status)).toEqual([201])
    expect(await h.serverPosts(id)).toHaveLength(1)
  })

  it('two tabs (two Dexie instances on one database) replaying at once send each write once', async () => {
    h.net.offline = true
    const ids = [await write({ title: 'A' }), await write({ title: 'B' }), await write({ title: 'C' })]
    const keys = (await outbox()).map((i) => i.id)
    h.net.offline = false
    h.later(FIVE_MINUTES)

    // Each tab has its own copy of the engine's modules and its own connection to the database.
    const tabs = [await openTab(), await openTab()]
    expect(tabs[0]!.outbox.replayOutbox).not.toBe(tabs[1]!.outbox.replayOutbox)
    expect(tabs[0]!.db).not.toBe(tabs[1]!.db)
    await Promise.all(tabs.map((tab) => tab.outbox.replayOutbox(tab.db)))
    await Promise.all(tabs.map((tab) => tab.outbox.replayOutbox(tab.db)))

    expect(keysReaching('/api/v1/posts')).toEqual(keys)
    for (const id of ids) expect(await h.serverPosts(id)).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
  })
})

async function openTab() {
  vi.resetModules()
  const outboxModule = await import('#client/platform/sync/outbox.ts')
  const config = await import('#client/platform/sync/sync-config.ts')
  const local = await import('#client/platform/sync/local-db.ts')
  expect(outboxModule.replayOutbox).not.toBe(replayOutbox)
  config.configureSync({
    baseUrl: 'http://localhost',
    getToken: () => h.token,
    getLanguage: () => 'en',
    fetch: h.net.fetch,
  })
  return { outbox: outboxModule, db: h.track(local.createLocalDb(db.name)) }
}
