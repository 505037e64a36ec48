// One Kysely instance per process: embedded SQLite by default, PostgreSQL when a URL is given.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { logger } from '../platform/logger.ts'
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) })
  return {
    db,
    dialect: 'sqlite',
    close: () => {
      clearInterval(optimize)
      return db.destroy()
    },
  }
}

export function openPostgres(url: string): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle connection the server drops (restart, failover, terminate) is replaced on next use; without
  // this listener pg re-emits the error on the pool and it crashes the process.
  pool.on('error', (error) => logger.warn('idle database connection lost', { error: error.message }))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { db, dialect: 'postgres', close: () => db.destroy() }
}

export function openDatabase(options: { databaseUrl?: string; sqliteFile: string }): DbHandle {
  const url = options.databaseUrl
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url)
  return openSqlite(options.sqliteFile)
}
