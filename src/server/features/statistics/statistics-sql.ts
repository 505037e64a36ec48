// The little SQL the two databases write differently: time differences and medians, both computed
// where the rows are, in the same pass as the counts beside them.
import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely'
import type { Dialect } from '../../db/connection.ts'
import type { Database } from '../../db/schema.ts'

/**
 * A stored ISO time as a count of minutes (a fraction) on a fixed scale, to subtract from another.
 * The times are UTC (`…Z`), so PostgreSQL reads them as plain timestamps (no zone to look up) and
 * `date_part` keeps the arithmetic in floating point: several times cheaper, over a year of rows,
 * than `extract` and `timestamptz`.
 */
export function minuteOf(dialect: Dialect, time: Expression<string | null>): RawBuilder<number | null> {
  return dialect === 'postgres'
    ? sql`date_part('epoch', cast(${time} as timestamp)) / 60`
    : sql`julianday(${time}) * 1440`
}

/**
 * A time column that an index also holds as minutes (`iso_minutes` of migration 0015 on PostgreSQL:
 * `notifications`' created, read and answered times, `post_reads.read_at`): read from the index there,
 * not parsed per row. Only for those columns: for any other time PostgreSQL computes `iso_minutes`
 * from its pieces, which costs more than `minuteOf`'s cast.
 */
export function storedMinuteOf(
  dialect: Dialect,
  column: Expression<string | null>,
): RawBuilder<number | null> {
  return dialect === 'postgres' ? sql`iso_minutes(${column})` : sql`julianday(${column}) * 1440`
}

/** Minutes from one stored ISO time to another (a fraction, negative when `later` is earlier). */
export function minutesBetween(
  dialect: Dialect,
  later: Expression<string | null>,
  earlier: Expression<string | null>,
): RawBuilder<number | null> {
  return dialect === 'postgres'
    ? sql`date_part('epoch', cast(${later} as timestamp) - cast(${earlier} as timestamp)) / 60`
    : sql`(julianday(${later}) - julianday(${earlier})) * 1440`
}

/**
 * The median of the values an aggregate sees (nulls left out; null when there are none): PostgreSQL's
 * `percentile_cont`, and SQLite's `median` of its percentile extension, which the SQLite that
 * better-sqlite3 builds includes (SQLITE_ENABLE_PERCENTILE). Both sort in C, where a window over the
 * rows or a column sent to JavaScript costs several times more.
 */
export function median(
  dialect: Dialect,
  value: Expression<number | null>,
): RawBuilder<number | string | null> {
  return dialect === 'postgres'
    ? sql`percentile_cont(0.5) within group (order by ${value})`
    : sql`median(${value})`
}

/** A median as the dashboard shows it: whole minutes, never below zero (a clock ahead), or null. */
export function wholeMinutes(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null
  return Math.max(0, Math.round(Number(value)))
}

/** A share of 0..1, or null when nothing was there to share. */
export const shareOf = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null)

/**
 * Runs a group of the dashboard's queries. On PostgreSQL in a read-only transaction without JIT and
 * without parallel workers: the planner prices a year of rows above `jit_above_cost`, and compiling
 * the expressions then takes several times longer than running them (seconds, against tens of
 * milliseconds); starting workers for a scan of a few hundred thousand index entries costs more than
 * the scan. Each group has its own transaction, so the groups run side by side on the pool's
 * connections instead. SQLite has neither, and a transaction there would hold the app's only
 * connection for the whole group.
 */
export function analytic<T>(
  deps: { db: Kysely<Database>; dialect: Dialect },
  run: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (deps.dialect !== 'postgres') return run(deps.db)
  return deps.db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`.execute(
        trx,
      )
      return run(trx)
    })
}
