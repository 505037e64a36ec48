// One Kysely instance per process: embedded SQLite by default, PostgreSQL when a URL is given.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { logger } from '../platform/logger.ts'
import { CachedTableWrites, watchCachedTableWrites } from '../platform/short-cache.ts'
import type { Database } from './schema.ts'

export type Dialect = 'sqlite' | 'postgres'
export type DbHandle = { db: Kysely<Database>; dialect: Dialect; close: () => Promise<void> }

/** Statements kept prepared, per SQL text; the least recently used go past this many. */
const STATEMENT_CACHE_SIZE = 500

/**
 * Kysely prepares every query afresh; compiling the SQL each time was a large part of a request.
 * (Kysely runs one query at a time on the connection, so a kept statement is never in use twice;
 * SQLite prepares it again by itself after a schema change.)
 */
function cachingStatements(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>()
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
        cache.delete(sql)
        cache.set(sql, known)
        return known
      }
      const statement = sqlite.prepare(sql)
      cache.set(sql, statement)
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!)
      return statement
    },
  }
}

export function openSqlite(file: string): DbHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new SqliteDatabase(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  // Keeps the planner's statistics fresh, as SQLite advises for long-lived connections: without them
  // it picks a college-wide index over the exact one and lists get several times slower.
  sqlite.pragma('optimize = 0x10002')
  const optimize = setInterval(() => sqlite.pragma('optimize'), 6 * 60 * 60 * 1000)
  optimize.unref()
  const watch = new CachedTableWrites()
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachingStatements(sqlite) }),
    plugins: [watch],
  })
  watchCachedTableWrites(db, watch)
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

/**
 * Names each SQL text Kysely sends, so every connection parses and plans it once and then only binds
 * and executes it (about half the database's work for the short queries of a request). Texts with a
 * `*` stay unnamed: a kept `select *` fails once another server's migration adds a column, while
 * listed columns keep their result type.
 */
function namingStatements(pool: pg.Pool) {
  const names = new Map<string, string>()
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text)
    if (known) return known
    if (
      names.size >= NAMED_STATEMENTS_MAX ||
      text.includes('*') ||
      !/^\s*(select|insert|update|delete|with)\b/i.test(text)
    )
      return undefined
    const name = `k${names.size + 1}`
    names.set(text, name)
    return name
  }
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    client.query = ((...args: unknown[]) => {
      const [text, values] = args
      const name =
        args.length === 2 && typeof text === 'string' && Array.isArray(values) ? nameOf(text) : undefined
      return name ? query({ name, text, values }) : query(...args)
    }) as typeof client.query
  })
}

export function openPostgres(url: string): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  namingStatements(pool)
  // An idle connection the server drops (restart, failover, terminate) is replaced on next use; without
  // this listener pg re-emits the error on the pool and it crashes the process.
  pool.on('error', (error) => logger.warn('idle database connection lost', { error: error.message }))
  const watch = new CachedTableWrites()
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [watch] })
  watchCachedTableWrites(db, watch)
  return { db, dialect: 'postgres', close: () => db.destroy() }
}

export function openDatabase(options: { databaseUrl?: string; sqliteFile: string }): DbHandle {
  const url = options.databaseUrl
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url)
  return openSqlite(options.sqliteFile)
}
