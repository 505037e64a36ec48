// On PostgreSQL a compiled read goes straight to a connection of the pool (db/pg-read-now.ts), past
// Kysely's executor, with the rows Kysely's way gives; a write never goes that way (the short caches
// hear of writes through Kysely), a transaction's reads stay inside it, and a failed read gives its
// connection back.
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { type DbHandle, openPostgres } from '#server/db/connection.ts'
import { PoolReader } from '#server/db/pg-read-now.ts'
import { readNow } from '#server/db/read-now.ts'
import type { Database } from '#server/db/schema.ts'
import { scratchDatabase } from './helpers/server-process.ts'
import { addThings, thingsByKysely, thingsOf } from './helpers/things.ts'

let database: { url: string; drop: () => Promise<void> }
let handle: DbHandle
let db: Kysely<any>

beforeAll(async () => {
  database = await scratchDatabase('read_now')
  handle = openPostgres(database.url)
  db = handle.db
  await sql`create table things (id serial primary key, college_id integer, name text)`.execute(db)
})
afterAll(async () => {
  await handle.close()
  await database.drop()
})
beforeEach(async () => {
  await sql`truncate things restart identity`.execute(db)
  await addThings(db)
  vi.restoreAllMocks()
})

it("reads on the pool, past Kysely's executor, with the rows Kysely's way gives", async () => {
  const kysely = vi.spyOn(db, 'executeQuery')
  const rows = await thingsOf(db as Kysely<Database>, 1)
  expect(kysely).not.toHaveBeenCalled()
  const theirs = await thingsByKysely(db, 1)
  expect(rows).toEqual(theirs)
  expect(rows).toEqual([
    { id: 1, name: 'a' },
    { id: 2, name: 'b' },
  ])
})

it("leaves writes to Kysely: nothing is run, and Kysely's way writes them", async () => {
  expect(
    readNow(db as Kysely<Database>, "insert into things (college_id, name) values (3, 'd')", []),
  ).toBeUndefined()
  expect(
    readNow(db as Kysely<Database>, 'with x as (delete from things returning id) select * from x', []),
  ).toBeUndefined()
  const { rows } = await sql<{ n: string }>`select count(*) as n from things`.execute(db)
  expect(Number(rows[0]?.n)).toBe(3)
})

it("reads inside a transaction on the transaction's connection; outside it, only what is committed", async () => {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('things').values({ college_id: 1, name: 'uncommitted' }).execute()
    const inside = vi.spyOn(trx, 'executeQuery')
    expect((await thingsOf(trx as unknown as Kysely<Database>, 1)).map((row) => row.name)).toEqual([
      'a',
      'b',
      'uncommitted',
    ])
    expect(inside).toHaveBeenCalledTimes(1)
    expect((await thingsOf(db as Kysely<Database>, 1)).map((row) => row.name)).toEqual(['a', 'b'])
  })
  expect((await thingsOf(db as Kysely<Database>, 1)).map((row) => row.name)).toEqual([
    'a',
    'b',
    'uncommitted',
  ])
})

it('gives the error of a failed read and its connection back to the pool', async () => {
  const pool = new pg.Pool({ connectionString: database.url, max: 1 })
  try {
    const reader = new PoolReader(pool)
    const read = (text: string, values: unknown[]) => reader.readNow(text, values)
    await expect(read('select * from no_such_table', [])).rejects.toThrow(/no_such_table/)
    expect(pool.totalCount - pool.idleCount).toBe(0)
    expect(await read('select name from things where college_id = $1 order by id', [2])).toEqual([
      { name: 'c' },
    ])
  } finally {
    await pool.end()
  }
})

it('reads bigint columns and counts as numbers, as SQLite gives them, whichever way a read goes', async () => {
  await sql`create table if not exists counted (id serial primary key, version bigint not null)`.execute(db)
  await sql`insert into counted (version) values (${2 ** 40}), (7)`.execute(db)
  const { rows } = await sql<{ n: unknown; top: unknown }>`
    select count(*) as n, max(version) as top from counted`.execute(db)
  expect(rows[0]).toEqual({ n: 2, top: 2 ** 40 })
  const straight = await readNow(db as Kysely<Database>, 'select version from counted order by version', [])
  expect(straight).toEqual([{ version: 7 }, { version: 2 ** 40 }])
})
