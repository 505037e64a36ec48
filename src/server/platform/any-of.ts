// `column in (…ids)` for the ids of a page of rows, as one bound parameter.
import { type Expression, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely'

/**
 * True where `column` is one of `values`, with the whole list bound as a single parameter: a JSON
 * array read by `json_each` on SQLite, an array on PostgreSQL (`= any`).
 *
 * Kysely's `in` writes one placeholder per value, so a sync page's 451 post ids made a statement text
 * of its own for every count of ids: each new count was prepared again on SQLite and took one of the
 * named statements on PostgreSQL, and building and binding the list cost more than the lookup. One
 * text serves every count, and an empty list is simply false (Kysely's `in ()` is a syntax error).
 */
export function anyOf(
  db: Kysely<any>,
  column: string,
  values: readonly (string | number)[],
): Expression<SqlBool> {
  const list = boundList(db, values)
  if (typeof list !== 'string') return sql<SqlBool>`${sql.ref(column)} = any(${list})`
  return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${list}))`
}

/** The one parameter `anyOf` binds for a list: the array itself on PostgreSQL, a JSON text on SQLite. */
export function boundList(
  db: Kysely<any>,
  values: readonly (string | number)[],
): string | readonly (string | number)[] {
  return db.getExecutor().adapter instanceof PostgresAdapter ? values : JSON.stringify(values)
}
