// A pull tells a family only about rows they could see: a deletion of another course's post, or of
// a post still waiting for its date, never reaches them (not even its id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EN } from './helpers/http.ts'
import { createPost, type DemoIds, demoIds, minutesFromNow, postInput } from './helpers/posts.ts'
import { deleteIds, pullAll } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let ids: DemoIds
let staff: string
let admin: string
let guardian: string

beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  staff = await t.login('staff@demo.test')
  admin = await t.login('admin@demo.test')
  guardian = await t.login('guardian@demo.test')
})
afterAll(async () => {
  await t.close()
})

const edit = (token: string, id: string, overrides: Parameters<typeof postInput>[0]) =>
  t.request('PUT', `/api/v1/posts/${id}`, { token, json: postInput({ ...overrides, id }), headers: EN })
const remove = (token: string, id: string) => t.request('DELETE', `/api/v1/posts/${id}`, { token })

/** Every id a guardian of 1° Básico A is told about in a pull (puts and deletes). */
function everyId(changes: { collection: string; id: string }[]): Set<string> {
  return new Set(changes.filter((c) => c.collection === 'posts').map((c) => c.id))
}

describe('incremental pulls of a family', () => {
  it("never carry the id of another course's post, whatever happens to it", async () => {
    const { cursor } = await pullAll(t, guardian)
    const other = await createPost(t, staff, { grades: [ids.grade2], courses: [ids.course2A] })
    expect(
      (await edit(staff, other.id, { title: 'Changed', grades: [ids.grade2], courses: [ids.course2A] }))
        .status,
    ).toBe(200)
    expect((await edit(staff, other.id, { grades: [ids.grade1], courses: [ids.course1B] })).status).toBe(200)
    expect((await remove(staff, other.id)).status).toBe(204)
    const { changes } = await pullAll(t, guardian, { since: cursor })
    expect(everyId(changes).has(other.id)).toBe(false)
  })

  it('never carry the id of a scheduled post that was withdrawn before its date', async () => {
    const { cursor } = await pullAll(t, guardian)
    const adminCursor = (await pullAll(t, admin)).cursor
    const scheduled = await createPost(t, staff, {
      grades: [ids.grade1],
      courses: [ids.course1A],
      publish_at: minutesFromNow(60),
    })
    expect(
      (
        await edit(staff, scheduled.id, {
          grades: [ids.grade1],
          courses: [ids.course1A],
          publish_at: minutesFromNow(90),
        })
      ).status,
    ).toBe(200)
    expect((await remove(staff, scheduled.id)).status).toBe(204)
    expect(everyId((await pullAll(t, guardian, { since: cursor })).changes).has(scheduled.id)).toBe(false)
    // An administrator saw it while it waited: they are told it is gone.
    expect(deleteIds((await pullAll(t, admin, { since: adminCursor })).changes, 'posts')).toContain(
      scheduled.id,
    )
  })

  it('do carry the deletion of a post the family could see, and of one moved back to a future date', async () => {
    const seen = await createPost(t, staff, { grades: [ids.grade1], courses: [ids.course1A] })
    const postponed = await createPost(t, staff, { grades: ['all'], courses: ['all'] })
    const { cursor } = await pullAll(t, guardian)
    expect((await remove(staff, seen.id)).status).toBe(204)
    expect((await edit(staff, postponed.id, { publish_at: minutesFromNow(120) })).status).toBe(200)
    const deleted = deleteIds((await pullAll(t, guardian, { since: cursor })).changes, 'posts')
    expect(deleted).toEqual(expect.arrayContaining([seen.id, postponed.id]))
  })
})

describe('tombstones on page boundaries', () => {
  it('come once each, however the pages fall', async () => {
    const posts = []
    for (let i = 0; i < 7; i++) posts.push(await createPost(t, staff))
    const { cursor } = await pullAll(t, guardian)
    for (const post of posts) expect((await remove(staff, post.id)).status).toBe(204)
    for (const limit of [1, 2, 3, 5]) {
      const { changes, pages } = await pullAll(t, guardian, { since: cursor, limit })
      const deleted = deleteIds(changes, 'posts')
      expect(deleted.sort()).toEqual(posts.map((p) => p.id).sort())
      expect(new Set(deleted).size).toBe(deleted.length)
      expect(pages).toBeGreaterThanOrEqual(Math.ceil(7 / limit))
    }
  })
})
