// On PostgreSQL each SQL text is prepared once per connection and then only executed; a text that
// selects `*` stays unprepared, so a column added by another server's migration breaks nothing here.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('prepared statements on PostgreSQL', () => {
  it('keeps listed-column queries prepared, and answers them and `select *` after a column is added', async () => {
    await t.db.connection().execute(async (conn) => {
      const listed = () => conn.selectFrom('colleges').select(['id', 'name']).where('id', '>', 0).execute()
      const starred = () => conn.selectFrom('colleges').selectAll().where('id', '>', 0).execute()
      await listed()
      await starred()
      const kept = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        conn,
      )
      expect(kept.rows.some((row) => /select "id", "name" from "colleges"/.test(row.statement))).toBe(true)
      expect(kept.rows.some((row) => row.statement.includes('*'))).toBe(false)

      // Another server's migration, on another connection.
      await sql`alter table colleges add column added_elsewhere text`.execute(t.db)
      expect((await listed()).length).toBeGreaterThan(0)
      const rows = await starred()
      expect(rows[0]).toHaveProperty('added_elsewhere', null)
    })
  })
})
