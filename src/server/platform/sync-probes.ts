// Which tables hold a change in a range of change numbers: one statement before a catch-up page, so
// the page asks only the collections that can have something in it.
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * A table whose rows carry change numbers (`posts`), or the exits or tombstones of one collection
 * (`sync_exits:posts`, `sync_tombstones:grades`). Each is looked up by its college and change number,
 * the index every one of them has.
 */
export type ChangeTable = string

/** The tables of `tables` with a row numbered after `since` and up to `until` in this college. */
export async function changedTables(
  db: Kysely<Database>,
  collegeId: number,
  tables: readonly ChangeTable[],
  since: number,
  until: number,
): Promise<Set<ChangeTable>> {
  if (tables.length === 0) return new Set()
  const probes = tables.map((name) => {
    const [table, collection] = name.split(':') as [string, string | undefined]
    const ofCollection = collection ? sql`and collection = ${sql.lit(collection)}` : sql``
    return sql`select ${sql.lit(name)} as name where exists (select 1 from ${sql.table(table)} where college_id = ${collegeId} ${ofCollection} and version > ${since} and version <= ${until})`
  })
  const { rows } = await sql<{ name: string }>`${sql.join(probes, sql` union all `)}`.execute(db)
  return new Set(rows.map((row) => row.name))
}
