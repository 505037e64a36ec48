// Which tables hold a change in a range of change numbers: one statement before a catch-up page, so
// the page asks only the collections that can have something in it.
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

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
  const probes = tables.map((name) => {
    const [table, collection] = name.replace(/@user$/, '').split(':') as [string, string | undefined]
    const ofCollection = collection ? sql`and collection = ${sql.lit(collection)}` : sql``
    const ofPerson = name.endsWith('@user') ? sql`and user_id = ${userId}` : sql``
    return sql`select ${sql.lit(name)} as name where exists (select 1 from ${sql.table(table)} where college_id = ${collegeId} ${ofCollection} ${ofPerson} and version > ${since} and version <= ${until})`
  })
  const { rows } = await sql<{ name: string }>`${sql.join(probes, sql` union all `)}`.execute(db)
  return new Set(rows.map((row) => row.name))
}
