// SQLite statements are kept prepared between queries (connection.ts): one kept from before a
// migration must still answer with the table as it is now.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, expect, it } from 'vitest'
import { type DbHandle, openSqlite } from '#server/db/connection.ts'

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
