// The one way to reach a tenant table: every query it builds (read, change, delete, insert) keeps to
// its college, even with no WHERE of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tenantScope } from '#server/platform/tenant-scope.ts'
import { collegeIdOf } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let demo: number
let beta: number
beforeAll(async () => {
  t = await createTestApp()
  demo = await collegeIdOf(t.db, 'demo')
  beta = await collegeIdOf(t.db, 'beta')
})
afterAll(async () => {
  await t.close()
})

const coursesOf = (collegeId: number) =>
  t.db
    .selectFrom('courses')
    .select(['id', 'name'])
    .where('college_id', '=', collegeId)
    .orderBy('id')
    .execute()

describe('the tenant scope', () => {
  it('reads only its college', async () => {
    const rows = await tenantScope(t.db, demo).selectFrom('courses').select(['id', 'college_id']).execute()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.college_id === demo)).toBe(true)
  })

  it('changes only its college, even an update without a WHERE', async () => {
    const betaBefore = await coursesOf(beta)
    await tenantScope(t.db, demo).updateTable('courses').set({ name: 'Renamed' }).execute()
    expect((await coursesOf(demo)).every((c) => c.name === 'Renamed')).toBe(true)
    expect(await coursesOf(beta)).toEqual(betaBefore)
  })

  it('deletes only in its college, even a delete without a WHERE', async () => {
    const betaBefore = await t.db
      .selectFrom('post_categories')
      .selectAll()
      .where('college_id', '=', beta)
      .execute()
    await tenantScope(t.db, demo).deleteFrom('post_categories').execute()
    expect(
      await t.db.selectFrom('post_categories').selectAll().where('college_id', '=', demo).execute(),
    ).toEqual([])
    expect(
      await t.db.selectFrom('post_categories').selectAll().where('college_id', '=', beta).execute(),
    ).toEqual(betaBefore)
  })

  it('writes its college into every row it inserts', async () => {
    await tenantScope(t.db, beta)
      .insertInto('post_categories', {
        name: 'Sports',
        slug: 'sports',
        version: 0,
        created_at: new Date().toISOString(),
      })
      .execute()
    const row = await t.db
      .selectFrom('post_categories')
      .selectAll()
      .where('slug', '=', 'sports')
      .executeTakeFirstOrThrow()
    expect(row.college_id).toBe(beta)
  })
})
