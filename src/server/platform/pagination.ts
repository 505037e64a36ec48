import type { ExpressionBuilder } from 'kysely'
import { hasControlCharacters } from '#shared/fields.schema.ts'

// One keyset cursor for every list: the sort value and the id of the last row, opaque to clients.
export function encodeCursor(at: string, id: string | number): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url')
}

/**
 * The cursor's position, or undefined for no cursor or a damaged one (the first page). By default the
 * sort value must be an ISO time; `anyText` accepts any short text (a name), still without control
 * characters.
 */
export function decodeCursor(
  cursor: string | undefined,
  options: { anyText?: boolean } = {},
): { at: string; id: string } | undefined {
  if (!cursor) return undefined
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown]
    // Only what this server writes into cursors: an ISO time and an id (UUID or number).
    if (
      typeof at === 'string' &&
      (options.anyText
        ? at.length <= 300 && !hasControlCharacters(at)
        : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(at)) &&
      (typeof id === 'string' || typeof id === 'number') &&
      /^[\w-]{1,64}$/.test(String(id))
    )
      return { at, id: String(id) }
  } catch {
    // fall through: a damaged cursor reads as the first page
  }
  return undefined
}

/**
 * A WHERE clause for the rows after a cursor in (`column`, `idColumn`) order: `desc` for newest-first
 * lists. The id breaks ties, so rows sharing a time are neither skipped nor repeated.
 */
export function afterCursor(
  after: { at: string; id: string },
  column: string,
  idColumn: string,
  direction: 'asc' | 'desc',
) {
  const beyond = direction === 'desc' ? '<' : '>'
  return (eb: ExpressionBuilder<any, any>) =>
    eb.or([eb(column, beyond, after.at), eb.and([eb(column, '=', after.at), eb(idColumn, beyond, after.id)])])
}
