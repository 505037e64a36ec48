// On PostgreSQL a compiled read goes straight to a connection of the pool (db/pg-read-now.ts), past
// Kysely's executor, with the rows Kysely's way gives; a write never goes that way (the short caches
// hear of writes through Kysely), a transaction's reads stay inside it, and a failed read gives its
// connection back.
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
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

describe('kept connections', () => {
  let pool: pg.Pool
  let reader: PoolReader
  const read = (text: string, values: unknown[] = []) => reader.readNow(text, values) as Promise<any[]>
  const pidOf = async () => (await read('select pg_backend_pid() as pid'))[0].pid as number
  /**
   * Reads until the reader holds a connection of its own (it takes one after a read found none free):
   * until a read takes none from the pool. Counting the pool's busy connections was not enough: one
   * still connecting counts as busy before the reader has it (a run with other files failed so).
   */
  const held = async () => {
    await read('select 1')
    const connect = vi.spyOn(pool, 'connect')
    await vi.waitFor(async () => {
      connect.mockClear()
      await read('select 1')
      expect(connect).not.toHaveBeenCalled()
    })
    connect.mockRestore()
  }

  beforeEach(() => {
    pool = new pg.Pool({ connectionString: database.url, max: 3 })
    reader = new PoolReader(pool, { keep: 1 })
  })
  afterEach(async () => {
    reader.close()
    await pool.end()
  })

  it('reads on a connection it keeps, without taking one from the pool each time', async () => {
    await held()
    const connect = vi.spyOn(pool, 'connect')
    const pids = new Set<number>()
    for (let i = 0; i < 5; i++) pids.add(await pidOf())
    expect(connect).not.toHaveBeenCalled()
    expect(pids.size).toBe(1)
  })

  it('sends a read to a free kept connection, never behind a long read on another', async () => {
    reader = new PoolReader(pool, { keep: 2 })
    await held()
    const long = read('select pg_sleep(1) as slept')
    // Its one kept connection busy, the reader takes a second one (this read goes to the pool).
    await read('select 1')
    await vi.waitFor(() => expect(pool.totalCount - pool.idleCount).toBe(2))
    let longDone = false
    void long.then(() => {
      longDone = true
    })
    const connect = vi.spyOn(pool, 'connect')
    expect(await read('select name from things where college_id = $1', [2])).toEqual([{ name: 'c' }])
    expect(longDone).toBe(false)
    expect(connect).not.toHaveBeenCalled()
    await long
  })

  it('queues a read on a kept connection when all are busy, rather than taking one from the pool', async () => {
    await held()
    const order: string[] = []
    const long = read('select pg_sleep(0.2) as slept').then(() => order.push('long'))
    const connect = vi.spyOn(pool, 'connect')
    await read('select 1').then(() => order.push('short'))
    await long
    expect(order).toEqual(['long', 'short'])
    expect(connect).not.toHaveBeenCalled()
  })

  it('lets go of a kept connection the server ends, and reads go on', async () => {
    await held()
    const lostPid = await pidOf()
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    try {
      await admin.query('select pg_terminate_backend($1)', [lostPid])
    } finally {
      await admin.end()
    }
    await vi.waitFor(() => expect(pool.totalCount - pool.idleCount).toBe(0))
    expect(await read('select name from things where college_id = $1', [2])).toEqual([{ name: 'c' }])
    await held()
    expect(await pidOf()).not.toBe(lostPid)
  })

  it('gives its connections back when closed, even one in the middle of a read, so the pool can end', async () => {
    await held()
    const long = read('select pg_sleep(0.2) as slept')
    reader.close()
    await expect(long).resolves.toHaveLength(1)
    expect(pool.totalCount - pool.idleCount).toBe(0)
  })
})
