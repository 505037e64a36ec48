// Which tables hold a change in a range of change numbers: one statement before a catch-up page, so
// the page asks only the collections that can have something in it.
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'
import { compiledOnce } from './compiled-once.ts'

/**
 * A table whose rows carry change numbers (`posts`), the exits or tombstones of one collection
 * (`sync_exits:posts`, `sync_tombstones:grades`), or a table of rows each person has of their own,
 * read as the pulling person's (`post_reads@user`). Each is looked up as its index goes: by college
 * (and collection) or by person, then change number.
 */
export type ChangeTable = string

/**
 * The tables of `tables` with a row numbered after `since` and up to `until` in this college (of
 * `userId`, for a table read as the person's).
 */
export async function changedTables(
  db: Kysely<Database>,
  collegeId: number,
  userId: number,
  tables: readonly ChangeTable[],
  since: number,
  until: number,
): Promise<Set<ChangeTable>> {
  if (tables.length === 0) return new Set()
  const rows = await probesOf(tables)(db, collegeId, since, until, userId)
  return new Set(rows.map((row) => row.name))
}

type Probes = (db: Kysely<Database>, ...values: number[]) => Promise<{ name: string }[]>

// Built and compiled once per list of tables (compiled-once.ts): every poked tab's pull asks this
// first, and making its forty-odd probes from Kysely's tree each time cost more than running them.
const byTables = new Map<string, Probes>()
/** The same, by the list itself: a pull passes the one list its sources make (sync-pages.ts). */
const byList = new WeakMap<readonly ChangeTable[], Probes>()

/** The probes of `tables`, taking the college, `since`, `until` and the person, in that order. */
function probesOf(tables: readonly ChangeTable[]): Probes {
  const listed = byList.get(tables)
  if (listed) return listed
  const key = tables.join(',')
  let probes = byTables.get(key)
  if (!probes) {
    // The person is a value of the statement only when one of its tables is read as the person's.
    const personal = tables.some((name) => name.endsWith('@user'))
    probes = compiledOnce<number[], { name: string }>(
      (db, ...[collegeId, since, until, userId]) => ({
        compile: () => statement(tables, collegeId!, since!, until!, userId!).compile(db),
      }),
      personal ? [-1, -3, -4, -2] : [-1, -3, -4],
    )
    byTables.set(key, probes)
  }
  byList.set(tables, probes)
  return probes
}

function statement(
  tables: readonly ChangeTable[],
  collegeId: number,
  since: number,
  until: number,
  userId: number,
) {
  const probes = tables.map((name) => {
    const [table, collection] = name.replace(/@user$/, '').split(':') as [string, string | undefined]
    const ofCollection = collection ? sql`and collection = ${sql.lit(collection)}` : sql``
    const ofPerson = name.endsWith('@user') ? sql`and user_id = ${userId}` : sql``
    return sql<{
      name: string
    }>`select ${sql.lit(name)} as name where exists (select 1 from ${sql.table(table)} where college_id = ${collegeId} ${ofCollection} ${ofPerson} and version > ${since} and version <= ${until})`
  })
  return sql<{ name: string }>`${sql.join(probes, sql` union all `)}`
}
