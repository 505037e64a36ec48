// SQLite's planner looks at the value bound to a parameter in two places the app's reads hit on every
// request: a `LIMIT ?` (it plans for that many rows) and the right side of `col = ?` holding 0 or 1
// (it guesses how many rows such a test keeps). Either marks the statement to be prepared again when
// the parameter is bound anew, and better-sqlite3 binds every parameter anew on each run (it clears
// the bindings after one), so every list page, whose statement has a `LIMIT ?` and a `college_id = ?`
// that is 1 for the first college, was parsed and planned again on every request, and better-sqlite3
// made the rows' constructor again with it: the main statement of a page of local businesses 36 → 9
// µs in SQLite, of events 70 → 41, of people 44 → 18 (the bench college), with the same plans.
//
// SQLite looks at a bare parameter only: behind a unary plus (`+?`, which returns its operand as it
// is, with no affinity, as a bound parameter has none) the planner treats it as any expression and
// plans once. This is what SQLite's query planner stability guarantee (SQLITE_DBCONFIG_ENABLE_QPSG)
// would do, which better-sqlite3 has no way to turn on. Searches (`LIKE ?`) are left as they are: their
// plan does depend on the pattern.

/**
 * `= ?`, `is ?`, `limit ?` and `offset ?`, which SQLite will not look into behind a plus; a quoted
 * text is matched whole so that nothing inside it is touched.
 */
const PEEKED = /'(?:[^']|'')*'|(=|\bis|\blimit|\boffset)(\s*)\?(?![0-9])/gi

/** The statement's text with the parameters SQLite would plan by (and so prepare again) made opaque. */
export function stablePlanSql(sql: string): string {
  return sql.replace(PEEKED, (found, before?: string, space?: string) =>
    before === undefined ? found : `${before}${space}+?`,
  )
}
