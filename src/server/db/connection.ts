// One Kysely instance per process: embedded SQLite by default, PostgreSQL when a URL is given.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { searchKey } from '#shared/search-key.ts'
import { logger } from '../platform/logger.ts'
import { CachedTableWrites, watchCachedTableWrites } from '../platform/short-cache.ts'
import { PoolReader } from './pg-read-now.ts'
import { limitWritten } from './pg-stable-plans.ts'
import { DEFAULT_POOL_SIZE, keptForReads } from './pool-size.ts'
import { readsNowThrough } from './read-now.ts'
import type { Database } from './schema.ts'
import { CountedSqliteDialect } from './sqlite-read-now.ts'
import { stablePlanSql } from './sqlite-stable-plans.ts'

export type Dialect = 'sqlite' | 'postgres'
export type DbHandle = { db: Kysely<Database>; dialect: Dialect; close: () => Promise<void> }

/** Statements kept prepared, per SQL text; the least recently used go past this many. */
const STATEMENT_CACHE_SIZE = 500

/**
 * Kysely prepares every query afresh; compiling the SQL each time was a large part of a request.
 * (Kysely runs one query at a time on the connection, so a kept statement is never in use twice;
 * SQLite prepares it again by itself after a schema change, and `stablePlanSql` keeps it from doing
 * so at every run.) Past the cache's size the statement used longest ago goes: each use only notes
 * when it was, since moving it to the end of the map on every use cost a sync page's 27 statements
 * more than finding the oldest once in a long while.
 */
export function cachingStatements(
  sqlite: Pick<SqliteDatabase.Database, 'prepare' | 'close'>,
  size = STATEMENT_CACHE_SIZE,
) {
  const cache = new Map<string, { statement: SqliteDatabase.Statement; used: number }>()
  let uses = 0
  return {
    close: () => sqlite.close(),
    prepare(text: string): SqliteDatabase.Statement {
      // Kysely opens transactions with a plain BEGIN, which takes the write lock only at the first
      // write. With several processes on one file (WEB_CONCURRENCY), a transaction that read and then
      // writes after another process wrote fails at once (SQLITE_BUSY_SNAPSHOT) instead of waiting:
      // each transaction takes the lock at its start, and waits for it up to busy_timeout.
      const sql = text === 'begin' ? 'begin immediate' : text
      const known = cache.get(sql)
      if (known) {
        known.used = ++uses
        return known.statement
      }
      const statement = sqlite.prepare(stablePlanSql(sql))
      if (cache.size >= size) {
        let oldest: string | undefined
        let when = Number.POSITIVE_INFINITY
        for (const [key, kept] of cache) {
          if (kept.used < when) {
            when = kept.used
            oldest = key
          }
        }
        cache.delete(oldest!)
      }
      cache.set(sql, { statement, used: ++uses })
      return statement
    },
  }
}

/**
 * Brings the planner's statistics up to date (`PRAGMA optimize`) and keeps the averages per index
 * (`sqlite_stat1`) without the samples of values (`sqlite_stat4`, which better-sqlite3's SQLite is built
 * to collect). With samples, a plan depends on the values bound, and better-sqlite3 binds them afresh
 * on every run: SQLite prepared most statements again each time, and better-sqlite3 built their rows'
 * constructor again with them (the feed's four statements 177 → 126 µs without; the bench's other
 * lists kept their plans or got better ones: the notifications' 299 → 41 µs).
 */
export function analyze(sqlite: SqliteDatabase.Database, optimize: string): void {
  sqlite.pragma(optimize)
  const samples = sqlite.prepare("select name from sqlite_schema where name = 'sqlite_stat4'").get()
  if (samples && sqlite.prepare('select 1 from sqlite_stat4 limit 1').get()) {
    sqlite.exec('delete from sqlite_stat4')
    // The planner reads the statistics again (it keeps them in memory).
    sqlite.exec('analyze sqlite_schema')
  }
}

/**
 * SQLite's `search_key()`: searches compare text as the device does, and lists order names by it
 * (PostgreSQL's own is made by migrations 0017 and 0018). Deterministic, as the indexes on it
 * require: every connection that writes `users`, `companies` or `pymes`, checks the file or vacuums
 * it needs it ("unknown function: search_key()" without it).
 */
export function withSearchKey(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  sqlite.function('search_key', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? searchKey(text) : text,
  )
  return sqlite
}

export function openSqlite(file: string): DbHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new SqliteDatabase(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  withSearchKey(sqlite)
  // Keeps the planner's statistics fresh, as SQLite advises for long-lived connections: without them
  // it picks a college-wide index over the exact one and lists get several times slower.
  analyze(sqlite, 'optimize = 0x10002')
  const optimize = setInterval(() => analyze(sqlite, 'optimize'), 6 * 60 * 60 * 1000)
  optimize.unref()
  const watch = new CachedTableWrites()
  const dialect = new CountedSqliteDialect(cachingStatements(sqlite))
  const db = new Kysely<Database>({ dialect, plugins: [watch] })
  watchCachedTableWrites(db, watch)
  readsNowThrough(db, dialect)
  return {
    db,
    dialect: 'sqlite',
    close: () => {
      clearInterval(optimize)
      return db.destroy()
    },
  }
}

/** SQL texts kept as named prepared statements on PostgreSQL; texts past this many go unnamed. */
const NAMED_STATEMENTS_MAX = 2000

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i
// Whole statements only: `rollback to savepoint …` ends no transaction. Tested on the trimmed text.
const TRANSACTION_END = /^(?:commit|rollback|end|abort)(?: work| transaction)?;?$/i
/** PostgreSQL's answer to a kept statement whose rows changed shape (a column added or retyped). */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan/i.test(String((error as Error).message))

/**
 * Names each SQL text Kysely sends, so every connection parses and plans it once and then only binds
 * and executes it (about half the database's work for the short queries of a request, and a fifth of
 * a first sync page's); a page's limit is written into the text first (pg-stable-plans.ts). A kept
 * statement fails once another server's migration changes the shape of its rows (`select *` after a
 * column is added): outside a transaction it is sent again unnamed, and the text gets a new name,
 * planned afresh. Inside one, where a failed statement would abort the transaction, texts with a `*`
 * stay unnamed.
 */
function namingStatements(pool: pg.Pool) {
  const names = new Map<string, string>()
  let made = 0
  const nameOf = (text: string, inTransaction: boolean): string | undefined => {
    if (inTransaction && text.includes('*')) return undefined
    const known = names.get(text)
    if (known) return known
    if (names.size >= NAMED_STATEMENTS_MAX || !/^\s*(select|insert|update|delete|with)\b/i.test(text))
      return undefined
    // Never a name used before: a connection keeps each name it prepared, with its text.
    const name = `k${++made}`
    names.set(text, name)
    return name
  }
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>
    let inTransaction = false
    client.query = ((...args: unknown[]) => {
      const [asked, given] = args
      if (args.length !== 2 || typeof asked !== 'string' || !Array.isArray(given)) return query(...args)
      const { text, values } = limitWritten(asked, given)
      if (TRANSACTION_START.test(text)) inTransaction = true
      else if (TRANSACTION_END.test(text.trim())) inTransaction = false
      const name = nameOf(text, inTransaction)
      if (!name) return query(text, values)
      const outside = !inTransaction
      return query({ name, text, values }).catch((error: unknown) => {
        if (!isStalePlan(error)) throw error
        if (names.get(text) === name) names.delete(text)
        if (!outside) throw error
        return query(text, values)
      })
    }) as typeof client.query
  })
}

const INT8 = 20

/**
 * `bigint` columns read as numbers, as SQLite gives them: they hold change numbers, counts and times in
 * milliseconds, all far below 2^53. pg's default hands them over as text (checked with a pattern
 * first), which every caller then turned into a number: each row of a first sync page did both.
 */
export const numbersForInt8: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 && format !== 'binary'
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
}

export function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: numbersForInt8 })
  namingStatements(pool)
  // An idle connection the server drops (restart, failover, terminate) is replaced on next use; without
  // this listener pg re-emits the error on the pool and it crashes the process.
  pool.on('error', (error) => logger.warn('idle database connection lost', { error: error.message }))
  const watch = new CachedTableWrites()
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [watch] })
  watchCachedTableWrites(db, watch)
  const reader = new PoolReader(pool, { keep: keptForReads(poolSize) })
  readsNowThrough(db, reader)
  return {
    db,
    dialect: 'postgres',
    close: () => {
      reader.close()
      return db.destroy()
    },
  }
}

/** `poolSize`: PostgreSQL's connections at most (`DATABASE_POOL_SIZE`); SQLite has its one. */
export function openDatabase(options: {
  databaseUrl?: string
  sqliteFile: string
  poolSize?: number
}): DbHandle {
  const url = options.databaseUrl
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options.poolSize)
  return openSqlite(options.sqliteFile)
}
