// A statement compiled once runs at once on SQLite's connection when nothing holds it
// (db/sqlite-read-now.ts), with the rows Kysely's way gives; while another request's transaction holds
// the connection it waits its turn and never sees what that transaction has not committed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, sql } from 'kysely'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { cachingStatements } from '#server/db/connection.ts'
import { readerOf, readNow, readsNowThrough } from '#server/db/read-now.ts'
import type { Database } from '#server/db/schema.ts'
import { CountedSqliteDialect } from '#server/db/sqlite-read-now.ts'
import { addThings, thingsByKysely, thingsOf } from './helpers/things.ts'

let dir: string
let db: Kysely<any>
/** What went Kysely's way (its log), by SQL text. */
let logged: string[]

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'read-now-'))
  const dialect = new CountedSqliteDialect(cachingStatements(new SqliteDatabase(join(dir, 'app.db'))))
  logged = []
  db = new Kysely<any>({
    dialect,
    log: (event) => {
      logged.push(event.query.sql)
    },
  })
  readsNowThrough(db as Kysely<Database>, dialect)
  await sql`create table things (id integer primary key, college_id integer, name text)`.execute(db)
  await addThings(db)
  logged = []
})
afterEach(async () => {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

it("runs at once when the connection is free, with the rows Kysely's way gives", async () => {
  const rows = await thingsOf(db as Kysely<Database>, 1)
  expect(rows).toEqual([
    { id: 1, name: 'a' },
    { id: 2, name: 'b' },
  ])
  expect(logged).toEqual([])
  // Kysely's way, for the same text: the same rows.
  const kyselys = await thingsByKysely(db, 1)
  expect(kyselys).toEqual(rows)
  expect(logged).toHaveLength(1)
})

it("waits for another request's transaction, and sees only what it committed", async () => {
  let wrote!: () => void
  const written = new Promise<void>((resolve) => (wrote = resolve))
  let commit!: () => void
  const gate = new Promise<void>((resolve) => (commit = resolve))
  const transaction = db.transaction().execute(async (trx) => {
    await trx.insertInto('things').values({ college_id: 1, name: 'uncommitted' }).execute()
    wrote()
    await gate
  })
  await written
  let settled = false
  const read = thingsOf(db as Kysely<Database>, 1).then((rows) => {
    settled = true
    return rows
  })
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(settled).toBe(false)
  commit()
  await transaction
  expect((await read).map((row) => row.name)).toEqual(['a', 'b', 'uncommitted'])
  // Once the transaction is over, the next read runs at once again.
  logged = []
  await thingsOf(db as Kysely<Database>, 2)
  expect(logged).toEqual([])
})

it('runs nothing that writes, and nothing on a database without a counted dialect', async () => {
  expect(
    readNow(db as Kysely<Database>, "insert into things (college_id, name) values (3, 'd')", []),
  ).toBeUndefined()
  // Nor the way kept for one text (compiled-once.ts), however often it is asked.
  const insert = readerOf(db as Kysely<Database>, "insert into things (college_id, name) values (3, 'e')")
  expect(insert([])).toBeUndefined()
  expect(insert([])).toBeUndefined()
  const count = await sql<{ n: number }>`select count(*) as n from things where college_id = 3`.execute(db)
  expect(count.rows[0]?.n).toBe(0)
  const other = new Kysely<any>({ dialect: new CountedSqliteDialect(new SqliteDatabase(':memory:')) })
  expect(readNow(other as Kysely<Database>, 'select 1 as one', [])).toBeUndefined()
  expect(readerOf(other as Kysely<Database>, 'select 1 as one')([])).toBeUndefined()
  await other.destroy()
})
