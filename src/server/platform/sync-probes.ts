// Which tables hold a change in a range of change numbers: one statement before a catch-up page, so
// the page asks only the collections that can have something in it.
import { type CompiledQuery, type Kysely, sql } from 'kysely'
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
  const parameters = parametersOf(tables, { collegeId, userId, since, until })
  const { rows } = await db.executeQuery<{ name: string }>({ ...probeOf(db, tables), parameters })
  return new Set(rows.map((row) => row.name))
}

type Values = { collegeId: number; userId: number; since: number; until: number }

/** The probes' parameters, in the order their statement takes them. */
const parametersOf = (tables: readonly ChangeTable[], v: Values) =>
  tables.flatMap((name) =>
    name.endsWith('@user') ? [v.collegeId, v.userId, v.since, v.until] : [v.collegeId, v.since, v.until],
  )

// Built and compiled once per list of tables: every poked tab's pull asks this first, and making its
// forty-odd probes from Kysely's tree each time cost more than running them.
const compiled = new WeakMap<Kysely<Database>, Map<string, CompiledQuery>>()

/** Stand-ins no real value equals, to see where each value lands among the statement's parameters. */
const MARKS: Values = { collegeId: -1, userId: -2, since: -3, until: -4 }

function probeOf(db: Kysely<Database>, tables: readonly ChangeTable[]): CompiledQuery {
  let known = compiled.get(db)
  if (!known) {
    known = new Map<string, CompiledQuery>()
    compiled.set(db, known)
  }
  const key = tables.join(',')
  const kept = known.get(key)
  if (kept) return kept
  const { collegeId, userId, since, until } = MARKS
  const probes = tables.map((name) => {
    const [table, collection] = name.replace(/@user$/, '').split(':') as [string, string | undefined]
    const ofCollection = collection ? sql`and collection = ${sql.lit(collection)}` : sql``
    const ofPerson = name.endsWith('@user') ? sql`and user_id = ${userId}` : sql``
    return sql`select ${sql.lit(name)} as name where exists (select 1 from ${sql.table(table)} where college_id = ${collegeId} ${ofCollection} ${ofPerson} and version > ${since} and version <= ${until})`
  })
  const query = sql`${sql.join(probes, sql` union all `)}`.compile(db)
  const expected = parametersOf(tables, MARKS)
  if (
    query.parameters.length !== expected.length ||
    query.parameters.some((value, i) => value !== expected[i])
  )
    throw new Error('sync-probes: the statement takes its parameters in another order than parametersOf')
  known.set(key, query)
  return query
}
