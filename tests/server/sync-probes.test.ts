// Before a catch-up page, one statement says which tables hold a change in its range (sync-probes.ts):
// the page then asks only the collections those changes may concern.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { changedTables } from '#server/platform/sync-probes.ts'
import { syncSources } from '#server/platform/sync-registry.ts'
import { lastVersion } from '#server/platform/sync-versions.ts'
import { body, collegeIdOf, userIdOf } from './helpers/http.ts'
import { createPost, type DemoIds, demoIds } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let ids: DemoIds
let admin: string
let demo: number
let beta: number
let guardianId: number
let otherId: number
beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  admin = await t.login('admin@demo.test')
  demo = await collegeIdOf(t.db, 'demo')
  beta = await collegeIdOf(t.db, 'beta')
  guardianId = await userIdOf(t.db, 'guardian@demo.test')
  otherId = await userIdOf(t.db, 'student2@demo.test')
})
afterAll(() => t.close())

const TABLES = [
  'posts',
  'post_reads@user',
  'courses',
  'notifications',
  'sync_exits:posts',
  'sync_tombstones:courses',
  'sync_tombstones:grades',
]

it('names the tables with a change in the range, and only those, of this college alone', async () => {
  const start = await lastVersion(t.db, demo)
  const betaStart = await lastVersion(t.db, beta)
  expect(await changedTables(t.db, demo, guardianId, TABLES, start, start)).toEqual(new Set())

  await createPost(t, admin, { title: 'Para todos' })
  const afterPost = await lastVersion(t.db, demo)
  expect(await changedTables(t.db, demo, guardianId, TABLES, start, afterPost)).toEqual(new Set(['posts']))

  const made = await t.request('POST', '/api/v1/courses', {
    token: admin,
    json: { grade_id: ids.grade1, name: 'Taller' },
  })
  expect(made.status).toBe(201)
  const course = await body<{ id: number }>(made)
  const afterCourse = await lastVersion(t.db, demo)
  // Only the range asked for counts: the post is before it.
  expect(await changedTables(t.db, demo, guardianId, TABLES, afterPost, afterCourse)).toEqual(
    new Set(['courses']),
  )

  expect((await t.request('DELETE', `/api/v1/courses/${course.id}`, { token: admin })).status).toBeLessThan(
    300,
  )
  const afterDelete = await lastVersion(t.db, demo)
  // A tombstone counts for its own collection, not another's.
  expect(await changedTables(t.db, demo, guardianId, TABLES, afterCourse, afterDelete)).toEqual(
    new Set(['sync_tombstones:courses']),
  )
  // The course itself is gone: over the whole range, its tombstone is what is left of it.
  expect(await changedTables(t.db, demo, guardianId, TABLES, start, afterDelete)).toEqual(
    new Set(['posts', 'sync_tombstones:courses']),
  )
  // The other college wrote nothing meanwhile, whatever its numbers.
  expect(await lastVersion(t.db, beta)).toBe(betaStart)
  expect(await changedTables(t.db, beta, guardianId, TABLES, betaStart, betaStart + 1_000_000)).toEqual(
    new Set(),
  )
})

it("reads a table of each person's own rows as the pulling person's", async () => {
  const guardian = await t.login('guardian@demo.test')
  const post = await createPost(t, admin, { title: 'Leída' })
  const before = await lastVersion(t.db, demo)
  const read = await t.request('POST', `/api/v1/posts/${post.id}/read`, { token: guardian, json: {} })
  expect(read.status).toBeLessThan(300)
  const after = await lastVersion(t.db, demo)
  expect(await changedTables(t.db, demo, guardianId, TABLES, before, after)).toEqual(
    new Set(['post_reads@user']),
  )
  expect(await changedTables(t.db, demo, otherId, TABLES, before, after)).toEqual(new Set())
})

it('asks nothing of an empty list', async () => {
  expect(await changedTables(t.db, demo, guardianId, [], 0, 1_000_000)).toEqual(new Set())
})

it("every table a collection names is one the probe can read: a name that is wrong would hide the collection's changes", async () => {
  const named = syncSources().flatMap((s) =>
    (s.tables ?? []).map((table) => ({ collection: s.collection, table })),
  )
  expect(named.length).toBeGreaterThan(15)
  const since = 0
  const until = await lastVersion(t.db, demo)
  for (const { collection, table } of named) {
    // Each probe alone: an unknown table or column is an error, not an empty answer.
    await expect(
      changedTables(t.db, demo, guardianId, [table], since, until),
      `${collection}: ${table}`,
    ).resolves.toBeDefined()
    const [name, of] = table.replace(/@user$/, '').split(':')
    if (of) expect(['sync_exits', 'sync_tombstones'], table).toContain(name)
    if (of)
      expect(
        syncSources().map((s) => s.collection),
        table,
      ).toContain(of)
  }
})
