// One keyset page of a list sorted by one column (and the id, to break ties), in either direction.
// No OFFSET: the next page starts after the last row seen, however long the list.
import { type SelectQueryBuilder, sql } from 'kysely'
import { MAX_INT } from '#shared/fields.schema.ts'
import { decodeCursor, encodeCursor } from './pagination.ts'

export type SortSpec = { column: string; descending: boolean }

/** `name` or `-name` as the list's sort, with the column it maps to. */
export function sortSpec(sort: string, columns: Record<string, string>): SortSpec {
  const descending = sort.startsWith('-')
  const key = descending ? sort.slice(1) : sort
  return { column: columns[key] ?? Object.values(columns)[0]!, descending }
}

/**
 * Orders the query by the sort column then the id, starts after the cursor's row, and reads one row
 * more than a page to know whether another page follows. Values are compared as text, which orders
 * the ISO dates and names this app sorts by.
 */
export async function keysetPage<DB, TB extends keyof DB, O extends { id: number }>(
  query: SelectQueryBuilder<DB, TB, O>,
  options: {
    sort: SortSpec
    idColumn: string
    cursor: string | undefined
    limit: number
    valueOf: (row: O) => string
  },
): Promise<{ rows: O[]; next_cursor: string | null }> {
  const { sort, idColumn, limit } = options
  const decoded = decodeCursor(options.cursor, { anyText: true })
  // The ids here are integers: a cursor naming another kind of id, or one past what the column holds,
  // is someone else's or damaged, and reads as the first page (PostgreSQL would refuse the comparison).
  const after =
    decoded && /^\d{1,10}$/.test(decoded.id) && Number(decoded.id) <= MAX_INT ? decoded : undefined
  const direction = sort.descending ? 'desc' : 'asc'
  const column = sql.ref(sort.column)
  const id = sql.ref(idColumn)
  let page = query
    .orderBy(sql`${column}`, direction)
    .orderBy(sql`${id}`, direction)
    .limit(limit + 1)
  if (after) {
    const compare = sort.descending ? sql`<` : sql`>`
    const idValue = Number(after.id)
    page = page.where(
      sql<boolean>`(${column} ${compare} ${after.at} OR (${column} = ${after.at} AND ${id} ${compare} ${idValue}))`,
    )
  }
  const rows = (await page.execute()) as O[]
  const shown = rows.slice(0, limit)
  const last = shown.at(-1)
  return {
    rows: shown,
    next_cursor: rows.length > limit && last ? encodeCursor(options.valueOf(last), last.id) : null,
  }
}

/** A case-insensitive "contains" over several text columns (the same on SQLite and PostgreSQL). */
export function containsText(columns: string[], text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql<boolean>`(${sql.join(
    columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`
}
