// DATABASE_POOL_SIZE bounds the PostgreSQL connections one process opens, kept reads included: a
// deployment with many processes on a database of few connections sets it lower, and no load makes a
// process open more.
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openPostgres } from '#server/db/connection.ts'
import { DEFAULT_POOL_SIZE, keptForReads } from '#server/db/pool-size.ts'
import { readNow } from '#server/db/read-now.ts'
import type { Database } from '#server/db/schema.ts'
import { scratchDatabase } from './helpers/server-process.ts'

let database: { url: string; drop: () => Promise<void> }
let watcher: pg.Client

beforeAll(async () => {
  database = await scratchDatabase('pool_size')
  watcher = new pg.Client({ connectionString: database.url })
  await watcher.connect()
})
afterAll(async () => {
  await watcher.end()
  await database.drop()
})

/** The other connections to the scratch database, at the moment of asking. */
async function connectionsNow(): Promise<number> {
  const { rows } = await watcher.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  )
  return rows[0]!.n
}

/** The most connections seen while 12 slow reads (half compiled reads, half Kysely's) are under way. */
async function mostConnectionsUnderLoad(poolSize?: number): Promise<number> {
  const handle = openPostgres(database.url, poolSize)
  const db = handle.db as Kysely<Database>
  try {
    let done = false
    const slow = Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? (readNow(db, 'select pg_sleep(0.15)', []) ?? Promise.reject(new Error('not read now')))
          : sql`select pg_sleep(0.15)`.execute(db),
      ),
    ).finally(() => {
      done = true
    })
    let most = 0
    while (!done) {
      most = Math.max(most, await connectionsNow())
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(await slow).toHaveLength(12)
    return most
  } finally {
    await handle.close()
  }
}

it('opens up to the default of ten connections under load', async () => {
  expect(DEFAULT_POOL_SIZE).toBe(10)
  expect(await mostConnectionsUnderLoad()).toBe(10)
})

it('opens no more than the size it is given, and still answers every read', async () => {
  expect(await mostConnectionsUnderLoad(3)).toBe(3)
  expect(await mostConnectionsUnderLoad(1)).toBe(1)
})

it('keeps two in five connections for reads, at most four, and none of a pool of one or two', () => {
  expect([1, 2, 3, 5, 10, 20].map(keptForReads)).toEqual([0, 0, 1, 2, 4, 4])
})
