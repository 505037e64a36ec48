// An edit or deletion made from an old version of a post never silently overwrites a newer one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Post } from '#shared/posts.schema.ts'
import { body, collegeIdOf, EN } from './helpers/http.ts'
import { createPost, postInput } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let staff: string
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  staff = await t.login('staff@demo.test')
  admin = await t.login('admin@demo.test')
})
afterAll(async () => {
  await t.close()
})

const put = (token: string, post: Post, title: string, base?: string) =>
  t.request('PUT', `/api/v1/posts/${post.id}`, {
    token,
    json: postInput({ id: post.id, title }),
    headers: { ...EN, ...(base ? { 'if-match': `"${base}"` } : {}) },
  })
const counter = async () =>
  Number(
    (
      await t.db
        .selectFrom('sync_counters')
        .select('value')
        .where('college_id', '=', await collegeIdOf(t.db, 'demo'))
        .executeTakeFirstOrThrow()
    ).value,
  )

describe('an edit sent with the version it started from', () => {
  it('is applied when nobody changed the post meanwhile', async () => {
    const post = await createPost(t, staff)
    const res = await put(staff, post, 'Mine', post.updated_at)
    expect(res.status).toBe(200)
    expect((await body<Post>(res)).title).toBe('Mine')
  })

  it('gets 409 with the post as it is now when someone changed it, and changes nothing', async () => {
    const post = await createPost(t, staff)
    expect((await put(admin, post, 'Theirs', post.updated_at)).status).toBe(200)
    const before = await counter()
    const late = await put(staff, post, 'Mine, written offline', post.updated_at)
    expect(late.status).toBe(409)
    const answer = await body<{ message: string; current: Post }>(late)
    expect(answer.message).toBe(
      'Someone else changed this while your change was waiting. Choose which version to keep.',
    )
    expect(answer.current.title).toBe('Theirs')
    expect(await counter()).toBe(before)
    // Keeping mine means sending it again from their version.
    const kept = await put(staff, post, 'Mine, written offline', answer.current.updated_at)
    expect(kept.status).toBe(200)
    expect((await body<Post>(kept)).title).toBe('Mine, written offline')
  })

  it('answers the version to start from with GET, as an ETag', async () => {
    const post = await createPost(t, staff)
    const res = await t.request('GET', `/api/v1/posts/${post.id}`, { token: staff })
    expect(res.headers.get('etag')).toBe(`"${post.updated_at}"`)
  })

  it('of two edits racing from the same version, one is applied and the other gets 409', async () => {
    const post = await createPost(t, staff)
    const answers = await Promise.all([
      put(staff, post, 'First', post.updated_at),
      put(admin, post, 'Second', post.updated_at),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
  })
})

describe('a deletion sent with the version it started from', () => {
  it('gets 409 when the post changed meanwhile, and the post stays', async () => {
    const post = await createPost(t, staff)
    expect((await put(admin, post, 'Updated by the office', post.updated_at)).status).toBe(200)
    const res = await t.request('DELETE', `/api/v1/posts/${post.id}`, {
      token: staff,
      headers: { ...EN, 'if-match': `"${post.updated_at}"` },
    })
    expect(res.status).toBe(409)
    expect((await body<{ current: Post }>(res)).current.title).toBe('Updated by the office')
    expect((await t.request('GET', `/api/v1/posts/${post.id}`, { token: staff })).status).toBe(200)
  })
})
