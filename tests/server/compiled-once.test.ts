// `compiledOnce` and `compiledPerShape` (platform/compiled-once.ts): a statement built and compiled once
// (per shape), run with new values in the places its stand-ins took, on SQLite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anyOf } from '#server/platform/any-of.ts'
import { compiledOnce, compiledPerShape, marksByPlace, shapeOfGiven } from '#server/platform/compiled-once.ts'
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
afterAll(() => t.close())

let builds = 0
/** Users of a college among some ids, whose email is like a pattern, and a constant of the statement's own. */
const usersOf = compiledOnce(
  (db, collegeId: number, ids: readonly number[], pattern: string) => {
    builds++
    return tenantScope(db, collegeId)
      .selectFrom('users')
      .select(['id', 'email'])
      .where(anyOf(db, 'users.id', ids))
      .where('email', 'like', pattern)
      .where('id', '>', 0)
      .orderBy('id')
  },
  [-9_001, [-9_002], '\u0000pattern'],
)

/** The same statement as Kysely builds it each time. */
const expected = (collegeId: number, ids: readonly number[], pattern: string) =>
  tenantScope(t.db, collegeId)
    .selectFrom('users')
    .select(['id', 'email'])
    .where(anyOf(t.db, 'users.id', ids))
    .where('email', 'like', pattern)
    .where('id', '>', 0)
    .orderBy('id')
    .execute()

describe('compiledOnce', () => {
  it('answers as the statement built each time, for every college, list and value, built once', async () => {
    const all = await t.db.selectFrom('users').select(['id', 'college_id']).execute()
    const ids = all.map((u) => u.id)
    const cases: [number, number[], string][] = [
      [demo, ids, '%guardian%'],
      [demo, ids, 'admin@%'],
      [beta, ids, '%'],
      [demo, ids.slice(0, 3), '%'],
      [demo, [], '%'],
    ]
    builds = 0
    for (const [college, list, pattern] of cases) {
      const rows = await usersOf(t.db, college, list, pattern)
      expect(rows).toEqual(await expected(college, list, pattern))
      expect(rows.every((row) => all.find((u) => u.id === row.id)?.college_id === college)).toBe(true)
    }
    // Another college's people never come through this college's scope, and real rows did come.
    expect((await usersOf(t.db, demo, ids, '%guardian%')).length).toBeGreaterThan(0)
    expect(builds).toBe(1)
  })

  it('refuses a statement that drops an argument', async () => {
    const dropsTheCollege = compiledOnce(
      (db, _collegeId: number, ids: readonly number[]) =>
        db
          .selectFrom('users')
          .select('id')
          .where(anyOf(db, 'users.id', ids)),
      [-9_003, [-9_004]],
    )
    await expect(dropsTheCollege(t.db, demo, [1])).rejects.toThrow(/argument 0 lands on no parameter/)
  })
})

type Shaped = [collegeId: number, ids: readonly number[], pattern: string | undefined, newestFirst: boolean]

let shapedBuilds = 0
/** People of a college among some ids (Kysely's `in`: a place per id), perhaps by email, in either order. */
function buildShaped(...[collegeId, ids, pattern, newestFirst]: Shaped) {
  return (db: TestApp['db']) => {
    let query = tenantScope(db, collegeId)
      .selectFrom('users')
      .select(['id', 'email'])
      .orderBy('id', newestFirst ? 'desc' : 'asc')
    if (ids.length) query = query.where('users.id', 'in', ids)
    if (pattern !== undefined) query = query.where('email', 'like', pattern)
    return query
  }
}
const usersShaped = compiledPerShape<Shaped, { id: number; email: string }>(
  (db, ...args) => {
    shapedBuilds++
    return buildShaped(...args)(db)
  },
  ([, ids, pattern, newestFirst]) => `${ids.length} ${pattern !== undefined} ${newestFirst}`,
  ([, ids, pattern, newestFirst]) => [
    -9_101,
    ids.map((_, i) => -9_200 - i),
    pattern === undefined ? undefined : '\u0000pattern',
    newestFirst,
  ],
)

describe('compiledPerShape', () => {
  it('answers as the statement built each time, for every shape, built once per shape', async () => {
    const all = await t.db.selectFrom('users').select('id').orderBy('id').execute()
    const ids = all.map((u) => u.id)
    const [a, b, c, d] = ids as [number, number, number, number]
    const cases: Shaped[] = [
      [demo, [a, b, c], undefined, false],
      [demo, [d, c, a], undefined, false],
      [beta, ids.slice(-3), undefined, false],
      [demo, [b, c, d], '%demo%', true],
      [demo, [a, d, b], '%beta%', true],
      [demo, [c], '%', false],
      [demo, [], undefined, true],
      [beta, [], '%', true],
    ]
    shapedBuilds = 0
    for (const args of cases) {
      const rows = await usersShaped(t.db, ...args)
      expect(rows).toEqual(await buildShaped(...args)(t.db).execute())
    }
    // Lists of three, without and with a pattern; one of one; empty lists without and with a pattern.
    expect(shapedBuilds).toBe(5)
    expect((await usersShaped(t.db, demo, [a, b, c], undefined, false)).length).toBeGreaterThan(1)
  })

  it('refuses a statement that drops an item of a list', async () => {
    const firstOnly = compiledPerShape<[number, readonly number[]], { id: number }>(
      (db, collegeId: number, ids: readonly number[]) =>
        tenantScope(db, collegeId).selectFrom('users').select('id').where('id', '=', ids[0]!),
      () => 'one',
      ([, ids]) => [-9_301, ids.map((_, i) => -9_400 - i)],
    )
    await expect(firstOnly(t.db, demo, [1, 2])).rejects.toThrow(/argument 1 lands on no parameter/)
  })
})

describe('compiledPerShape with values some shapes do not bind', () => {
  it('lets a value named as such land nowhere, and binds it where its shape asks for it', async () => {
    const people = await t.db.selectFrom('users').select(['id', 'email']).orderBy('id').execute()
    const [first] = people as [{ id: number; email: string }]
    // Everyone, or one person: the person's id lands only in the second shape.
    const someone = compiledPerShape<[number, boolean, number], { id: number }>(
      (db, collegeId, everyone, userId) => {
        const query = tenantScope(db, collegeId).selectFrom('users').select('id').orderBy('id')
        return everyone ? query : query.where('id', '=', userId)
      },
      ([, everyone]) => String(everyone),
      ([, everyone]) => [-9_501, everyone, -9_502],
      [2],
    )
    const mine = await t.db
      .selectFrom('users')
      .select('id')
      .where('college_id', '=', demo)
      .orderBy('id')
      .execute()
    expect(await someone(t.db, demo, true, first.id)).toEqual(mine)
    expect(await someone(t.db, demo, false, mine[1]!.id)).toEqual([mine[1]])
    // Without being named, the same statement is refused for the shape that does not bind it.
    const strict = compiledPerShape<[number, boolean, number], { id: number }>(
      (db, collegeId, everyone, userId) => {
        const query = tenantScope(db, collegeId).selectFrom('users').select('id')
        return everyone ? query : query.where('id', '=', userId)
      },
      ([, everyone]) => String(everyone),
      ([, everyone]) => [-9_503, everyone, -9_504],
    )
    await expect(strict(t.db, demo, true, first.id)).rejects.toThrow(/argument 2 lands on no parameter/)
  })
})

describe('shapeOfGiven and marksByPlace', () => {
  it('tell the shapes of given and left-out values and flags, and answer as built each time', async () => {
    type Args = [
      collegeId: number,
      pattern: string | undefined,
      afterId: number | undefined,
      newestFirst: boolean,
    ]
    const build = (db: TestApp['db'], ...[collegeId, pattern, afterId, newestFirst]: Args) => {
      let query = tenantScope(db, collegeId)
        .selectFrom('users')
        .select(['id', 'email'])
        .orderBy('id', newestFirst ? 'desc' : 'asc')
      if (pattern !== undefined) query = query.where('email', 'like', pattern)
      if (afterId !== undefined) query = query.where('id', newestFirst ? '<' : '>', afterId)
      return query
    }
    let built = 0
    const people = compiledPerShape<Args, { id: number; email: string }>(
      (db, ...args) => {
        built++
        return build(db, ...args)
      },
      shapeOfGiven,
      marksByPlace,
    )
    // One shape per pattern of given, left out, true and false; the values themselves do not count.
    expect(shapeOfGiven([demo, undefined, 3, true])).toBe(shapeOfGiven([beta, undefined, 9, true]))
    const patterns: Args[] = [
      [demo, undefined, 3, true],
      [demo, undefined, 3, false],
      [demo, undefined, undefined, true],
      [demo, '%a%', 3, true],
      [demo, '%a%', undefined, false],
    ]
    expect(new Set(patterns.map(shapeOfGiven)).size).toBe(patterns.length)
    const ids = (await t.db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id)
    const middle = ids[Math.floor(ids.length / 2)]!
    const cases: Args[] = [
      [demo, undefined, undefined, false],
      [beta, undefined, undefined, false],
      [demo, '%demo%', undefined, true],
      [demo, '%a%', middle, true],
      [demo, '%a%', middle, false],
      [beta, '%e%', middle, false],
      [demo, undefined, middle, true],
    ]
    for (const args of cases)
      expect(await people(t.db, ...args), args.join()).toEqual(await build(t.db, ...args).execute())
    expect(built).toBe(5)
    expect((await people(t.db, demo, '%a%', middle, false)).length).toBeGreaterThan(0)
  })
})
