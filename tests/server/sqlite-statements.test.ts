// SQLite statements are kept prepared between queries (connection.ts): one kept from before a
// migration must still answer with the table as it is now, and the planner's statistics must not make
// a kept statement's plan depend on the values bound to it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { sql } from 'kysely'
import { afterEach, expect, it } from 'vitest'
import { cachingStatements, type DbHandle, openSqlite } from '#server/db/connection.ts'

let dir: string
let handle: DbHandle
afterEach(async () => {
  await handle.close()
  rmSync(dir, { recursive: true, force: true })
})

function open() {
  dir = mkdtempSync(join(tmpdir(), 'statements-'))
  handle = openSqlite(join(dir, 'app.db'))
  return handle.db as unknown as import('kysely').Kysely<any>
}

it('a kept statement sees a column added after it was first prepared', async () => {
  const db = open()
  await sql`create table things (id integer primary key, name text)`.execute(db)
  await db.insertInto('things').values({ name: 'a' }).execute()
  const query = () => db.selectFrom('things').selectAll()
  expect(await query().execute()).toEqual([{ id: 1, name: 'a' }])
  await sql`alter table things add column color text default 'red'`.execute(db)
  expect(await query().execute()).toEqual([{ id: 1, name: 'a', color: 'red' }])
})

it("the planner's statistics are brought up to date at start, as averages per index without samples of values", async () => {
  dir = mkdtempSync(join(tmpdir(), 'statements-'))
  const file = join(dir, 'app.db')
  const raw = new SqliteDatabase(file)
  raw.exec('create table things (id integer primary key, college_id integer, name text)')
  raw.exec('create index things_college on things (college_id)')
  const insert = raw.prepare('insert into things (college_id, name) values (?, ?)')
  // One large college and a few small ones: what samples of values describe.
  raw.transaction(() => {
    for (let i = 0; i < 3000; i++) insert.run(i < 2900 ? 1 : 2 + (i % 5), `thing ${i}`)
  })()
  raw.close()

  handle = openSqlite(file)
  const db = handle.db as unknown as import('kysely').Kysely<any>
  const averages = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'things'`.execute(db)
  expect(averages.rows.map((r) => r.idx)).toContain('things_college')
  const samples = await sql<{ n: number }>`select count(*) as n from sqlite_stat4`.execute(db)
  expect(samples.rows[0]?.n).toBe(0)
  // A query by college still uses the index, for the large college and a small one alike.
  for (const college of [1, 3]) {
    const plan = await sql<{
      detail: string
    }>`explain query plan select * from things where college_id = ${college}`.execute(db)
    expect(plan.rows.map((r) => r.detail).join()).toContain('things_college')
  }
})

it('past its size, the statement cache lets go of the one used longest ago and keeps those in use', () => {
  let made = 0
  const prepared: string[] = []
  const fake = {
    prepare: (text: string) => {
      prepared.push(text)
      return { text, made: ++made } as never
    },
    close: () => fake,
  } as never
  const cache = cachingStatements(fake, 3)
  const a = cache.prepare('select a')
  cache.prepare('select b')
  cache.prepare('select c')
  expect(cache.prepare('select a')).toBe(a)
  cache.prepare('select d')
  // b was used longest ago: it goes, and comes back prepared afresh; a, used since, stayed.
  expect(cache.prepare('select a')).toBe(a)
  cache.prepare('select b')
  expect(prepared).toEqual(['select a', 'select b', 'select c', 'select d', 'select b'])
  // Kysely's plain BEGIN takes the write lock at once.
  cache.prepare('begin')
  expect(prepared.at(-1)).toBe('begin immediate')
})
