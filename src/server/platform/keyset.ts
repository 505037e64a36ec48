// One keyset page of a list sorted by one column (and the id, to break ties), in either direction.
// No OFFSET: the next page starts after the last row seen, however long the list.
import { type SelectQueryBuilder, sql } from 'kysely'
import { MAX_INT } from '#shared/fields.schema.ts'
import { searchKey } from '#shared/search-key.ts'
import { decodeCursor, encodeCursor } from './pagination.ts'

/**
 * A list's order. `folded`: the column holds words people read (names), ordered as they expect,
 * whatever the case and accents ("Álvarez" beside "Alvarez", not after "Zúñiga"; "de la Fuente" among
 * the Ds), through the databases' `search_key()` (search-key.ts), on SQLite and PostgreSQL alike.
 */
export type SortSpec = { column: string; descending: boolean; folded?: boolean }

/** `name` or `-name` as the list's sort, with the column it maps to; `folded` names the word columns. */
export function sortSpec(
  sort: string,
  columns: Record<string, string>,
  folded: readonly string[] = [],
): SortSpec {
  const descending = sort.startsWith('-')
  const key = descending ? sort.slice(1) : sort
  const column = columns[key] ?? Object.values(columns)[0]!
  return folded.includes(column) ? { column, descending, folded: true } : { column, descending }
}

/** A word column as lists order it: without case or accents (`SortSpec.folded`). */
export function foldedOrder(column: string) {
  return sql<string>`search_key(${sql.ref(column)})`
}

/**
 * Where a cursor says the next page starts. The ids of these lists are integers: a cursor naming
 * another kind of id, or one past what the column holds, is someone else's or damaged, and reads as
 * the first page (PostgreSQL would refuse the comparison).
 */
export function keysetAfter(cursor: string | undefined): { at: string; id: number } | undefined {
  const decoded = decodeCursor(cursor, { anyText: true })
  if (!decoded || !/^\d{1,10}$/.test(decoded.id) || Number(decoded.id) > MAX_INT) return undefined
  return { at: decoded.at, id: Number(decoded.id) }
}

/**
 * The query ordered by the sort column then the id, starting after (`afterAt`, `afterId`) when given,
 * reading `limitPlusOne` rows: one more than a page, to know whether another page follows. Values are
 * compared as text, which orders the ISO dates these lists sort by; names are compared folded. The
 * cursor keeps the name as shown and the database folds it with the rows, so a page ends and the next
 * starts by one and the same `search_key()`, whatever the script.
 */
export function keysetOrdered<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: SortSpec,
  idColumn: string,
  afterAt: string | undefined,
  afterId: number | string | undefined,
  limitPlusOne: number,
): SelectQueryBuilder<DB, TB, O> {
  const direction = sort.descending ? 'desc' : 'asc'
  const column = sort.folded ? foldedOrder(sort.column) : sql.ref(sort.column)
  const id = sql.ref(idColumn)
  const page = query.orderBy(sql`${column}`, direction).orderBy(sql`${id}`, direction).limit(limitPlusOne)
  if (afterAt === undefined || afterId === undefined) return page
  const compare = sort.descending ? sql`<` : sql`>`
  const at = sort.folded ? sql`search_key(${afterAt})` : sql`${afterAt}`
  // Both halves say the same; each database reads its start in the index from one of them: SQLite
  // from the first (it does not look into a row of an expression), PostgreSQL from the row (it does
  // not into an OR), which spares it the rows of every earlier page.
  const orEqual = sort.descending ? sql`<=` : sql`>=`
  return page.where(
    sql<boolean>`(${column} ${orEqual} ${at} AND (${column}, ${id}) ${compare} (${at}, ${afterId}))`,
  )
}

/** A page of the rows `keysetOrdered` read, and the cursor of the next page if there is one. */
export function keysetRows<O extends { id: number }>(
  rows: O[],
  limit: number,
  sortValue: (row: O) => string,
): { rows: O[]; next_cursor: string | null } {
  const shown = rows.slice(0, limit)
  const last = shown.at(-1)
  return {
    rows: shown,
    next_cursor: rows.length > limit && last ? encodeCursor(sortValue(last), last.id) : null,
  }
}

/** One keyset page of `query` (`keysetAfter`, `keysetOrdered`, `keysetRows`). */
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
  const after = keysetAfter(options.cursor)
  const rows = await keysetOrdered(query, sort, idColumn, after?.at, after?.id, limit + 1).execute()
  return keysetRows(rows as O[], limit, options.valueOf)
}

/** The LIKE pattern that finds `text` anywhere, whatever its case and accents (`containsPattern`). */
export function textPattern(text: string): string {
  return `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * A "contains" over several text columns that ignores case and accents (the same on SQLite and
 * PostgreSQL, through their `search_key()`), for a pattern made by `textPattern`: one value in every
 * place, so a statement compiled once takes it whole.
 */
export function containsPattern(columns: string[], pattern: string) {
  return sql<boolean>`(${sql.join(
    columns.map((c) => sql`search_key(${sql.ref(c)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`
}

/** A "contains" over several text columns that ignores case and accents. */
export function containsText(columns: string[], text: string) {
  return containsPattern(columns, textPattern(text))
}
