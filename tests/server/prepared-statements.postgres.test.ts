// On PostgreSQL each SQL text is prepared once per connection and then only executed. A kept statement
// whose rows change shape (another server's migration adds a column under a `select *`) is sent again
// and prepared afresh; inside a transaction, where a failed statement would abort it, `*` stays unprepared.
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/schema.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const kept = async (db: Kysely<Database>) =>
  (
    await sql<{
      name: string
      statement: string
    }>`select name, statement from pg_prepared_statements`.execute(db)
  ).rows
const listed = (db: Kysely<Database>) =>
  db.selectFrom('colleges').select(['id', 'name']).where('id', '>', 0).execute()
const starred = (db: Kysely<Database>) => db.selectFrom('colleges').selectAll().where('id', '>', 0).execute()
const isStarred = (statement: string) => /select \* from "colleges" where "id" > \$1/.test(statement)

describe('prepared statements on PostgreSQL', () => {
  it('keeps queries prepared, and answers a `select *` again, with the column, after another server adds one', async () => {
    await t.db.connection().execute(async (conn) => {
      await listed(conn)
      await starred(conn)
      const before = await kept(conn)
      expect(before.some((row) => /select "id", "name" from "colleges"/.test(row.statement))).toBe(true)
      const first = before.find((row) => isStarred(row.statement))
      expect(first).toBeDefined()

      // Another server's migration, on another connection.
      await sql`alter table colleges add column added_elsewhere text`.execute(t.db)
      expect((await listed(conn)).length).toBeGreaterThan(0)
      expect((await starred(conn))[0]).toHaveProperty('added_elsewhere', null)
      // Then it is kept again under a new name, with the new shape.
      expect((await starred(conn))[0]).toHaveProperty('added_elsewhere', null)
      const again = (await kept(conn)).filter((row) => isStarred(row.statement)).map((row) => row.name)
      expect(again).toContain(first!.name)
      expect(again.length).toBe(2)
    })
  })

  it("plans a page's statement once: its limit is written into the text, and each limit answers as asked", async () => {
    await t.db.connection().execute(async (conn) => {
      const page = (limit: number) =>
        conn
          .selectFrom('users')
          .innerJoin('roles', 'roles.id', 'users.role_id')
          .select(['users.id', 'users.name', 'roles.key'])
          .where('users.college_id', '>', 0)
          .orderBy('users.name')
          .orderBy('users.id')
          .limit(limit)
          .execute()
      for (let run = 0; run < 8; run++) expect(await page(3)).toHaveLength(3)
      expect(await page(2)).toHaveLength(2)
      const plans = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements
        where statement like '%from "users" inner join "roles"%'`.execute(conn)
      const ofThree = plans.rows.find((row) => row.statement.endsWith(' limit 3'))
      expect(ofThree, JSON.stringify(plans.rows)).toBeDefined()
      // PostgreSQL tries its own plan for the first runs, then keeps one plan for every run after.
      expect(ofThree!.generic_plans).toBeGreaterThan(0)
      expect(plans.rows.some((row) => row.statement.endsWith(' limit 2'))).toBe(true)
    })
  })

  it('inside a transaction sends `select *` unprepared, so a column added meanwhile aborts nothing', async () => {
    const { id } = await t.db.selectFrom('colleges').select('id').orderBy('id').executeTakeFirstOrThrow()
    await t.db.connection().execute(async (conn) => {
      // Kept on this very connection before the column comes.
      await starred(conn)
      await conn.transaction().execute(async (trx) => {
        await sql`alter table colleges add column added_in_between text`.execute(t.db)
        expect((await starred(trx))[0]).toHaveProperty('added_in_between', null)
        await trx.updateTable('colleges').set({ name: 'Still written' }).where('id', '=', id).execute()
      })
    })
    const college = await t.db
      .selectFrom('colleges')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(college.name).toBe('Still written')
  })
})
