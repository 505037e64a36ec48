// `anyOf` (platform/any-of.ts): a page's ids bound as one parameter, on SQLite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anyOf } from '#server/platform/any-of.ts'
import { tenantScope } from '#server/platform/tenant-scope.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** The users of the first college among these ids; `sent` collects the SQL text of each query. */
async function usersById(ids: readonly number[], sent?: string[]) {
  const query = tenantScope(t.db, 1)
    .selectFrom('users')
    .select('id')
    .where(anyOf(t.db, 'users.id', ids))
    .orderBy('id')
  sent?.push(query.compile().sql)
  return (await query.execute()).map((r) => r.id)
}

describe('anyOf', () => {
  it('finds the rows whose column is one of the values, and nothing for an empty list', async () => {
    const all = (await tenantScope(t.db, 1).selectFrom('users').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    )
    expect(all.length).toBeGreaterThan(3)
    const some = [all[2]!, all[0]!]
    expect(await usersById(some)).toEqual([all[0], all[2]])
    expect(await usersById([])).toEqual([])
    // An id of another college is not found through this college's scope.
    expect(await usersById([999_999, all[1]!])).toEqual([all[1]])
  })

  it('matches text values, a page of them, in one statement whatever their count', async () => {
    const names = (await t.db.selectFrom('colleges').select('slug').execute()).map((r) => r.slug)
    const found = await t.db
      .selectFrom('colleges')
      .select('slug')
      .where(anyOf(t.db, 'colleges.slug', [...names, ...Array.from({ length: 500 }, (_, i) => `none-${i}`)]))
      .execute()
    expect(found.map((r) => r.slug).sort()).toEqual([...names].sort())

    const sent: string[] = []
    await usersById([1], sent)
    await usersById([1, 2, 3], sent)
    await usersById(
      Array.from({ length: 451 }, (_, i) => i + 1),
      sent,
    )
    expect(new Set(sent).size).toBe(1)
  })
})
