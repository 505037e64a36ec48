// The parameters SQLite plans by (`LIMIT ?`, `= ?` holding 0 or 1) are handed to it behind a unary plus
// (sqlite-stable-plans.ts), so a kept statement is not parsed and planned again each time
// better-sqlite3 binds its values: the same answers as before, by the same indexes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cachingStatements, type DbHandle, openSqlite } from '#server/db/connection.ts'
import { stablePlanSql } from '#server/db/sqlite-stable-plans.ts'

it('makes opaque the parameters of comparisons, LIMIT and OFFSET, and leaves any other text as it is', () => {
  expect(
    stablePlanSql(
      'select * from "posts" where "posts"."college_id" = ? and "is_pinned" = ? and x is ? and y <= ? order by "publish_at" desc limit ? offset ?',
    ),
  ).toBe(
    'select * from "posts" where "posts"."college_id" = +? and "is_pinned" = +? and x is +? and y <= +? order by "publish_at" desc limit +? offset +?',
  )
  expect(stablePlanSql('select 1 where a=? LIMIT ?')).toBe('select 1 where a=+? LIMIT +?')
  // A search's plan does depend on its pattern; lists of ids, inserts and numbered parameters are not
  // looked into.
  for (const text of [
    'select * from users where name like ? escape ?',
    'select * from posts where id in (select value from json_each(?))',
    'insert into things (a, b) values (?, ?)',
    'select * from things where a = ?1',
    'select * from this where "is_active" > ?',
    "select * from things where a > ? and note = 'a = ? limit ?' and b < ?",
  ])
    expect(stablePlanSql(text)).toBe(text)
})

it('hands SQLite the opaque text, kept under the text Kysely asked for', () => {
  const prepared: string[] = []
  const fake = {
    prepare: (text: string) => {
      prepared.push(text)
      return { text } as never
    },
    close: () => fake,
  } as never
  const cache = cachingStatements(fake)
  const asked = 'select * from "events" where "events"."college_id" = ? order by "starts_at" limit ?'
  const statement = cache.prepare(asked)
  expect(cache.prepare(asked)).toBe(statement)
  expect(prepared).toEqual([
    'select * from "events" where "events"."college_id" = +? order by "starts_at" limit +?',
  ])
})

describe('on a real database', () => {
  let dir: string
  let handle: DbHandle
  let db: Kysely<any>
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stable-plans-'))
    handle = openSqlite(join(dir, 'app.db'))
    db = handle.db as unknown as Kysely<any>
    await sql`create table things (id integer primary key, college_id integer not null, flag integer, code text, name text)`.execute(
      db,
    )
    await sql`create index things_college on things (college_id, name)`.execute(db)
    await db
      .insertInto('things')
      .values([
        { college_id: 1, flag: 1, code: '007', name: 'a' },
        { college_id: 1, flag: 0, code: '7', name: 'b' },
        { college_id: 1, flag: null, code: null, name: 'c' },
        { college_id: 2, flag: 1, code: '007', name: 'd' },
      ])
      .execute()
  })
  afterEach(async () => {
    await handle.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const names = (rows: { name: string }[]) => rows.map((r) => r.name)

  it('answers as SQLite does with the bare parameters: 0, 1, null, text kept as text, limits and offsets', async () => {
    const list = (college: number, limit: number, offset: number) =>
      db
        .selectFrom('things')
        .select('name')
        .where('college_id', '=', college)
        .orderBy('name')
        .limit(limit)
        .offset(offset)
        .execute()
    // The same statement, bound again and again with other values, as a list's pages are.
    expect(names(await list(1, 2, 0))).toEqual(['a', 'b'])
    expect(names(await list(1, 2, 2))).toEqual(['c'])
    expect(names(await list(2, 5, 0))).toEqual(['d'])
    expect(names(await list(1, 0, 0))).toEqual([])
    const flagged = (flag: number | null) =>
      db.selectFrom('things').select('name').where('flag', 'is', flag).orderBy('name').execute()
    expect(names(await flagged(1))).toEqual(['a', 'd'])
    expect(names(await flagged(0))).toEqual(['b'])
    expect(names(await flagged(null))).toEqual(['c'])
    // A unary plus does not make a number of text: '007' is not '7'.
    const coded = (code: string) =>
      db.selectFrom('things').select('name').where('code', '=', code).orderBy('name').execute()
    expect(names(await coded('007'))).toEqual(['a', 'd'])
    expect(names(await coded('7'))).toEqual(['b'])
    // A number compared with an integer column, and text with it, as with a bare parameter.
    const byCollege = (college: number | string) =>
      db.selectFrom('things').select('name').where('college_id', '=', college).orderBy('name').execute()
    expect(names(await byCollege('2'))).toEqual(['d'])
    expect(names(await byCollege(2.0))).toEqual(['d'])
    // Writes too.
    await db.updateTable('things').set({ flag: 0 }).where('college_id', '=', 2).execute()
    expect(names(await flagged(0))).toEqual(['b', 'd'])
  })

  it('plans a college’s list by its index, ordered by it, with no sort', async () => {
    // Through the kept statements, which hand SQLite `college_id = +? ... limit +?`.
    const plan = await sql<{
      detail: string
    }>`explain query plan select name from things where college_id = ${1} order by name limit ${20}`.execute(
      db,
    )
    const details = plan.rows.map((r) => r.detail).join(' | ')
    expect(details).toContain('USING COVERING INDEX things_college (college_id=?)')
    expect(details).not.toContain('TEMP B-TREE')
  })
})
