// V10: an edit made offline on an old version meets a newer one: 409, both kept, the author chooses.
import 'fake-indexeddb/auto'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { saveEvent } from '#client/features/events/event-actions.ts'
import { keepMyPost, takeTheirPost } from '#client/features/posts/draft-actions.ts'
import { deletePost, savePost } from '#client/features/posts/post-actions.ts'
import { type LocalDb, openLocalDb } from '#client/platform/sync/local-db.ts'
import { replayOutbox } from '#client/platform/sync/outbox.ts'
import { pullOnce } from '#client/platform/sync/pull.ts'
import type { Post } from '#shared/posts.schema.ts'
import { type Harness, startHarness } from './helpers/sync-harness.ts'

let h: Harness
let db: LocalDb
let admin: string
let post: Post

beforeEach(async () => {
  h = await startHarness()
  admin = await h.t.login('admin@demo.test')
  await h.signIn('staff@demo.test')
  db = openLocalDb(await h.userId('staff@demo.test'))
  const staffToken = h.token!
  post = await h.createServerPost(staffToken, { title: 'Original' })
  await pullOnce(db)
})
afterEach(() => h.stop())

const author = { id: 0, name: 'Sergio', first_lastname: 'Profesor' }

/** Runs `work` with the device offline, lets its send attempt fail, and comes back online later. */
async function offline(work: () => Promise<unknown>) {
  h.net.offline = true
  await work()
  await replayOutbox(db)
  h.net.offline = false
  // Back online, the engine sends at once whatever backed off meanwhile (as on the `online` event).
  await db.outbox.toCollection().modify({ nextAttemptAt: 0 })
}

const editOffline = (title: string) =>
  offline(async () => {
    const local = (await db.posts.get(post.id))!
    await savePost({ ...local, title, publish_at: null }, [], author, local)
  })

/** The office saves `json` over the row at `path` (a post or an event), from its own device. */
async function officeChanges(path: string, json: Record<string, unknown>) {
  const res = await h.t.request('PUT', path, { token: admin, json })
  expect(res.status).toBe(200)
}

const editOnServer = (title: string) =>
  officeChanges(`/api/v1/posts/${post.id}`, {
    title,
    content: '<p>From the office.</p>',
    grades: ['all'],
    courses: ['all'],
  })

/**
 * Runs `create` while the server stores what it is sent but its answer to `POST path` is lost, as
 * after a tab closed or a connection dropped mid-answer: the create stays in the outbox.
 */
async function createWithAnswerLost(path: string, create: () => Promise<unknown>) {
  h.net.fail('lose-answer', (e) => e.method === 'POST' && e.path === path)
  await create()
  await replayOutbox(db)
  expect(await db.outbox.count()).toBe(1)
}

/** Replays the outbox and returns its one item left, which must wait as a conflict. */
async function replayToConflict() {
  await replayOutbox(db)
  const items = await db.outbox.toArray()
  expect(items).toHaveLength(1)
  expect(items[0]?.state).toBe('conflict')
  return items[0]!
}

describe('V10 an offline edit that meets a newer version', () => {
  it('is not applied over it: the item waits as a conflict with the server version, the mirror keeps mine', async () => {
    await editOffline('Mine, offline')
    await editOnServer('Theirs, from the office')
    const item = await replayToConflict()
    expect(item.current?.title).toBe('Theirs, from the office')
    expect((await db.posts.get(post.id))?.title).toBe('Mine, offline')
    expect((await db.posts.get(post.id))?._sync).toBe('rejected')
    expect((await h.serverPost(post.id))?.title).toBe('Theirs, from the office')
    // A pull does not overwrite the waiting choice either (V7).
    await pullOnce(db)
    expect((await db.posts.get(post.id))?.title).toBe('Mine, offline')
  })

  it('"keep mine" sends it again over their version, once', async () => {
    await editOffline('Mine, offline')
    await editOnServer('Theirs, from the office')
    await replayOutbox(db)
    const [item] = await db.outbox.toArray()
    await keepMyPost(item!.seq!)
    await replayOutbox(db)
    expect(await db.outbox.count()).toBe(0)
    expect((await h.serverPost(post.id))?.title).toBe('Mine, offline')
    expect((await db.posts.get(post.id))?._sync).toBeUndefined()
  })

  it('"take theirs" drops mine and shows theirs', async () => {
    await editOffline('Mine, offline')
    await editOnServer('Theirs, from the office')
    await replayOutbox(db)
    const [item] = await db.outbox.toArray()
    await takeTheirPost(item!.seq!)
    expect(await db.outbox.count()).toBe(0)
    expect((await db.posts.get(post.id))?.title).toBe('Theirs, from the office')
    expect((await h.serverPost(post.id))?.title).toBe('Theirs, from the office')
  })

  it('a deletion of a post changed meanwhile waits for the author too; "delete anyway" deletes it', async () => {
    await offline(() => deletePost(post.id))
    await editOnServer('Theirs, from the office')
    const item = await replayToConflict()
    expect(await h.serverPost(post.id)).toBeDefined()
    await keepMyPost(item.seq!)
    await replayOutbox(db)
    expect(await h.serverPost(post.id)).toBeUndefined()
  })

  it('two edits made offline one after the other both start from the server version, and go without a conflict', async () => {
    await editOffline('First offline edit')
    await editOffline('Second offline edit')
    await replayOutbox(db)
    expect(await db.outbox.count()).toBe(0)
    expect((await h.serverPost(post.id))?.title).toBe('Second offline edit')
  })

  it('a post created offline and edited before it was sent goes without a conflict', async () => {
    let id = ''
    await offline(async () => {
      id = await savePost(
        {
          id: uuidv7(),
          title: 'New offline',
          content: '<p>x</p>',
          grades: ['all'],
          courses: ['all'],
          category_id: null,
          publish_at: null,
        },
        [],
        author,
      )
      await replayOutbox(db)
      const local = (await db.posts.get(id))!
      await savePost({ ...local, title: 'New offline, edited', publish_at: null }, [], author, local)
    })
    await replayOutbox(db)
    expect(await db.outbox.count()).toBe(0)
    expect((await h.serverPost(id))?.title).toBe('New offline, edited')
  })

  it("a post whose creation's answer was lost, edited offline while the office changed it, meets the office's change", async () => {
    const id = uuidv7()
    const input = {
      id,
      title: 'Field day',
      content: '<p>x</p>',
      grades: ['all' as const],
      courses: ['all' as const],
    }
    await createWithAnswerLost('/api/v1/posts', () =>
      savePost({ ...input, category_id: null, publish_at: null }, [], author),
    )
    expect(await h.serverPost(id)).toBeDefined()
    await offline(async () => {
      const local = (await db.posts.get(id))!
      await savePost({ ...local, title: 'Field day (moved to Friday)', publish_at: null }, [], author, local)
    })
    await officeChanges(`/api/v1/posts/${id}`, { ...input, title: 'Field day (cancelled)' })

    // The create is answered as a replay; the edit behind it started before the office's change.
    const item = await replayToConflict()
    expect(item.current?.title).toBe('Field day (cancelled)')
    expect((await h.serverPost(id))?.title).toBe('Field day (cancelled)')
    expect((await db.posts.get(id))?.title).toBe('Field day (moved to Friday)')
  })

  it('so does an event whose creation was answered only to an earlier copy', async () => {
    const id = uuidv7()
    const input = {
      id,
      name: 'Parents meeting',
      starts_at: '2026-12-01T22:00:00.000Z',
      ends_at: '2026-12-01T23:00:00.000Z',
      grades: ['all' as const],
      courses: ['all' as const],
    }
    await createWithAnswerLost('/api/v1/events', () => saveEvent(input, author))
    await offline(async () =>
      saveEvent({ ...input, location: 'Room 12' }, author, (await db.events.get(id))!),
    )
    await officeChanges(`/api/v1/events/${id}`, { ...input, name: 'Parents meeting (postponed)' })

    const item = await replayToConflict()
    expect(item.current?.name).toBe('Parents meeting (postponed)')
    expect((await db.events.get(id))?.location).toBe('Room 12')
  })
})
