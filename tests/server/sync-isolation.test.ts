// Two colleges on one server: whatever each user pulls is their college's, and only what they may see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Post } from '#shared/posts.schema.ts'
import type { SyncChange } from '#shared/sync.ts'
import { body, collegeIdOf, EN } from './helpers/http.ts'
import { mayRead, viewerOf, visiblePostIds } from './helpers/people.ts'
import { courseIdOf, createPost, type DemoIds, demoIds, gradeIdOf, minutesFromNow } from './helpers/posts.ts'
import { addNotifications, pull, pullAll } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

const PEOPLE = [
  { email: 'admin@demo.test', host: 'localhost', slug: 'demo' },
  { email: 'staff@demo.test', host: 'localhost', slug: 'demo' },
  { email: 'guardian@demo.test', host: 'localhost', slug: 'demo' },
  { email: 'student@demo.test', host: 'localhost', slug: 'demo' },
  { email: 'student2@demo.test', host: 'localhost', slug: 'demo' },
  { email: 'company@demo.test', host: 'localhost', slug: 'demo' },
  { email: 'admin@beta.test', host: 'beta.localhost', slug: 'beta' },
  { email: 'guardian@beta.test', host: 'beta.localhost', slug: 'beta' },
] as const

let t: TestApp
let ids: DemoIds
const tok: Record<string, string> = {}
const uid: Record<string, number> = {}

async function newCategory(token: string, host: string, name: string) {
  const res = await t.request('POST', '/api/v1/post-categories', { token, host, json: { name } })
  expect(res.status).toBe(201)
  return (await body<{ id: number }>(res)).id
}

beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  for (const person of PEOPLE) {
    tok[person.email] = await t.login(person.email, person.host)
    const row = await t.db
      .selectFrom('users')
      .innerJoin('colleges', 'colleges.id', 'users.college_id')
      .select('users.id')
      .where('users.email', '=', person.email)
      .where('colleges.slug', '=', person.slug)
      .executeTakeFirstOrThrow()
    uid[person.email] = row.id
  }
  const staff = tok['staff@demo.test']!
  const betaAdmin = tok['admin@beta.test']!

  // Colegio Demo: posts for everyone, for grades, for courses, one scheduled; a category; reads; notices.
  const demoCategory = await newCategory(staff, 'localhost', 'Comunicados')
  await createPost(t, staff, { title: 'Demo: todos', category_id: demoCategory })
  await createPost(t, staff, { title: 'Demo: 1° Básico', grades: [ids.grade1], courses: ['all'] })
  const demo1A = await createPost(t, staff, {
    title: 'Demo: 1° A',
    grades: [ids.grade1],
    courses: [ids.course1A],
  })
  await createPost(t, staff, { title: 'Demo: 1° B', grades: [ids.grade1], courses: [ids.course1B] })
  await createPost(t, staff, { title: 'Demo: 2° A', grades: [ids.grade2], courses: [ids.course2A] })
  await createPost(t, staff, { title: 'Demo: programado', publish_at: minutesFromNow(60) })
  const deleted = await createPost(t, staff, { title: 'Demo: borrado' })
  await t.request('DELETE', `/api/v1/posts/${deleted.id}`, { token: staff })
  await t.request('POST', `/api/v1/posts/${demo1A.id}/read`, { token: tok['guardian@demo.test'], json: {} })
  await t.request('POST', `/api/v1/posts/${demo1A.id}/read`, { token: tok['student@demo.test'], json: {} })

  // Beta College: its own posts, one for its only course, a category, reads and notices.
  const year7 = await gradeIdOf(t, 'Year 7')
  const sevenA = await courseIdOf(t, '7A')
  const betaCategory = await newCategory(betaAdmin, 'beta.localhost', 'Notices')
  const betaAll = await createPost(
    t,
    betaAdmin,
    { title: 'Beta: everyone', category_id: betaCategory },
    'beta.localhost',
  )
  await createPost(t, betaAdmin, { title: 'Beta: 7A', grades: [year7], courses: [sevenA] }, 'beta.localhost')
  await createPost(t, betaAdmin, { title: 'Beta: later', publish_at: minutesFromNow(30) }, 'beta.localhost')
  const read = await t.request('POST', `/api/v1/posts/${betaAll.id}/read`, {
    host: 'beta.localhost',
    token: tok['guardian@beta.test'],
    json: {},
  })
  expect(read.status).toBe(200)

  for (const person of PEOPLE) await addNotifications(t, uid[person.email]!, [`Para ${person.email}`])
})
afterAll(async () => {
  await t.close()
})

describe('each user pulls only their own college, and only what they may see', () => {
  it.each(PEOPLE.map((p) => [p.email, p] as const))('%s', async (_email, person) => {
    const collegeId = await collegeIdOf(t.db, person.slug)
    const viewer = await viewerOf(t, uid[person.email]!)
    const { changes } = await pullAll(t, tok[person.email]!, { host: person.host, limit: 6 })
    const of = (collection: SyncChange['collection']) => changes.filter((c) => c.collection === collection)

    // Posts: every id is this college's; the puts are exactly what the rules allow, and each put's
    // targets agree with the rules too.
    const collegeOf = new Map(
      (await t.db.selectFrom('posts').select(['id', 'college_id']).execute()).map((p) => [
        p.id,
        p.college_id,
      ]),
    )
    for (const change of of('posts')) expect(collegeOf.get(change.id), change.id).toBe(collegeId)
    const puts = of('posts').filter((c) => c.op === 'put')
    const visible = await visiblePostIds(t, viewer)
    expect(puts.map((c) => c.id).sort()).toEqual([...visible].sort())
    for (const change of puts) expect(mayRead(viewer, (change as { data: Post }).data), change.id).toBe(true)
    const titles = puts.map((c) => (c as { data: Post }).data.title)
    const other = person.slug === 'demo' ? 'Beta:' : 'Demo:'
    expect(titles.some((title) => title.startsWith(other))).toBe(false)

    // Notifications and reads: this user's own, and all of them.
    const notifications = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', viewer.id)
      .execute()
    expect(
      of('notifications')
        .map((c) => c.id)
        .sort(),
    ).toEqual(notifications.map((n) => n.id).sort())
    const reads = await t.db
      .selectFrom('post_reads')
      .select('post_id')
      .where('user_id', '=', viewer.id)
      .execute()
    expect(
      of('post_reads')
        .map((c) => c.id)
        .sort(),
    ).toEqual(reads.map((r) => r.post_id).sort())

    // Shared collections: this college's rows only.
    for (const [collection, table] of [
      ['grades', 'grades'],
      ['courses', 'courses'],
      ['post_categories', 'post_categories'],
    ] as const) {
      const rows = await t.db.selectFrom(table).select('id').where('college_id', '=', collegeId).execute()
      const own = new Set(rows.map((r) => String(r.id)))
      const pulled = of(collection)
      expect(pulled.length, collection).toBeGreaterThan(0)
      for (const change of pulled) expect(own.has(change.id), `${collection} ${change.id}`).toBe(true)
      expect(pulled.filter((c) => c.op === 'put').length).toBe(own.size)
    }
  })
})

describe('a token only works on its own college', () => {
  it("a Colegio Demo token on Beta's host answers 401, and the other way round", async () => {
    for (const email of ['guardian@demo.test', 'admin@demo.test']) {
      const res = await t.request('GET', '/api/v1/sync', {
        host: 'beta.localhost',
        token: tok[email],
        headers: EN,
      })
      expect(res.status, email).toBe(401)
      expect(await body(res)).toEqual({ message: 'Unauthenticated.' })
    }
    const res = await t.request('GET', '/api/v1/sync', { token: tok['admin@beta.test'], headers: EN })
    expect(res.status).toBe(401)
  })

  it("a cursor of one college's user, sent by another college's user, only resets", async () => {
    const { cursor } = await pullAll(t, tok['guardian@demo.test']!)
    const { res, page } = await pull(t, tok['guardian@beta.test']!, { since: cursor, host: 'beta.localhost' })
    expect(res.status).toBe(200)
    expect(page).toMatchObject({ changes: [], reset: true })
  })

  it("a post of another college cannot be read or marked read through this college's host", async () => {
    const betaPost = await t.db
      .selectFrom('posts')
      .select('id')
      .where('title', '=', 'Beta: everyone')
      .executeTakeFirstOrThrow()
    const guardian = tok['guardian@demo.test']
    expect((await t.request('GET', `/api/v1/posts/${betaPost.id}`, { token: guardian })).status).toBe(404)
    const read = await t.request('POST', `/api/v1/posts/${betaPost.id}/read`, { token: guardian, json: {} })
    expect(read.status).toBe(404)
    const admin = tok['admin@demo.test']
    expect((await t.request('GET', `/api/v1/posts/${betaPost.id}/reads`, { token: admin })).status).toBe(404)
    const change = { title: 'x', content: '<p>x</p>', grades: ['all'], courses: ['all'] }
    expect(
      (await t.request('PUT', `/api/v1/posts/${betaPost.id}`, { token: admin, json: change })).status,
    ).toBe(404)
    expect((await t.request('DELETE', `/api/v1/posts/${betaPost.id}`, { token: admin })).status).toBe(404)
    // Nor can its id be taken over by a post here.
    const taken = await t.request('POST', '/api/v1/posts', {
      token: admin,
      json: { id: betaPost.id, title: 'x', content: '<p>x</p>', grades: ['all'], courses: ['all'] },
    })
    expect(taken.status).toBe(409)
    const beta = await t.db
      .selectFrom('posts')
      .selectAll()
      .where('id', '=', betaPost.id)
      .executeTakeFirstOrThrow()
    expect(beta).toMatchObject({ title: 'Beta: everyone', deleted_at: null })
  })
})
