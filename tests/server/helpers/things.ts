// A table of "things" of two colleges and one compiled read of it, for the tests of the ways a
// compiled read reaches the database (sqlite-read-now.test.ts, pg-read-now.postgres.test.ts).
import type { Kysely } from 'kysely'
import { compiledOnce } from '#server/platform/compiled-once.ts'

/** Two things of college 1 ('a', 'b') and one of college 2 ('c'), ids 1 to 3. */
export async function addThings(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('things')
    .values([
      { college_id: 1, name: 'a' },
      { college_id: 1, name: 'b' },
      { college_id: 2, name: 'c' },
    ])
    .execute()
}

/** The things of a college, by id, read through `compiledOnce`. */
export const thingsOf = compiledOnce(
  (kysely, collegeId: number) =>
    (kysely as Kysely<any>)
      .selectFrom('things')
      .select(['id', 'name'])
      .where('college_id', '=', collegeId)
      .orderBy('id'),
  [-9_001],
)

/** The same things as `thingsOf`, the way Kysely runs a query it builds. */
export function thingsByKysely(db: Kysely<any>, collegeId: number) {
  return db
    .selectFrom('things')
    .select(['id', 'name'])
    .where('college_id', '=', collegeId)
    .orderBy('id')
    .execute()
}
