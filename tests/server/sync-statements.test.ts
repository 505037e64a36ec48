// The sync sources' statements compiled once per audience shape (platform/sync-statements.ts) answer
// as the same statements built by Kysely each time: for those who see everything, for families with
// one or several grades and courses, for a person named alone, in either direction and any range.
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/schema.ts'
import { visibleDocuments } from '#server/features/documents/document-audience.ts'
import { visibleEvents } from '#server/features/events/event-audience.ts'
import { visibleProcesses } from '#server/features/processes/process-audience.ts'
import type { Audience } from '#server/platform/audience.ts'
import type { PullContext } from '#server/platform/sync-registry.ts'
import { type PageRange, rowsInRange, visibleRowsStatement } from '#server/platform/sync-statements.ts'
import { collegeIdOf } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let collegeId: number
let audiences: Audience[]
beforeAll(async () => {
  t = await createTestApp()
  collegeId = await collegeIdOf(t.db, 'demo')
  const courses = await t.db
    .selectFrom('courses')
    .select(['id', 'grade_id'])
    .where('college_id', '=', collegeId)
    .orderBy('id')
    .execute()
  const people = await t.db.selectFrom('users').select('id').where('college_id', '=', collegeId).execute()
  const [one, two, three] = courses as [(typeof courses)[0], (typeof courses)[0], (typeof courses)[0]]
  const family = (list: typeof courses, userIds: number[]): Audience => ({
    userId: userIds[0]!,
    collegeId,
    all: false,
    admin: false,
    gradeIds: [...new Set(list.map((c) => c.grade_id))],
    courseIds: list.map((c) => c.id),
    userIds,
  })
  const someone = people[0]!.id
  audiences = [
    { userId: someone, collegeId, all: true, admin: true, gradeIds: [], courseIds: [], userIds: [someone] },
    { userId: someone, collegeId, all: true, admin: false, gradeIds: [], courseIds: [], userIds: [someone] },
    family([one], [someone]),
    family([one, two, three], [someone, people[1]!.id, people[2]!.id]),
    family([two], [people[3]!.id]),
    family([], [someone]),
  ]
})
afterAll(() => t.close())

const context = (range: PageRange): PullContext =>
  ({
    db: t.db,
    college: { id: range.collegeId },
    since: range.since,
    until: range.until,
    limit: range.limit,
    order: range.desc ? 'desc' : 'asc',
  }) as PullContext

const tables = [
  ['events', visibleEvents],
  ['documents', visibleDocuments],
  ['processes', visibleProcesses],
] as const

describe('statements of the sync sources, compiled once per audience shape', () => {
  for (const [table, visible] of tables) {
    it(`${table}: the rows Kysely's statement built each time gives, for every audience and range`, async () => {
      const statement = visibleRowsStatement(table, visible as never)
      const ranges: PageRange[] = [
        { collegeId, since: -1, until: 1_000_000, desc: true, limit: 500 },
        { collegeId, since: -1, until: 1_000_000, desc: false, limit: 3 },
        { collegeId, since: 10, until: 200, desc: true, limit: 5 },
      ]
      let some = 0
      for (const audience of audiences) {
        for (const range of ranges) {
          const expected = await rowsInRange(t.db as Kysely<Database>, table, range)
            .selectAll()
            .where(visible(audience) as never)
            .execute()
          const rows = await statement(context(range), audience)
          expect(rows).toEqual(expected)
          some += rows.length
        }
      }
      expect(some).toBeGreaterThan(0)
    })
  }
})
