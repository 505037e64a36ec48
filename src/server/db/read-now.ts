// A compiled read (platform/compiled-once.ts) taken straight to the database, past Kysely's executor:
// its connection provider, its plugins and a handful of promises a statement were a tenth to a fifth
// of a short read's CPU (README, design notes). Each database says how, where it can: SQLite runs the
// read at once when its one connection is free (sqlite-read-now.ts), PostgreSQL on a connection of the
// pool, as a named statement (pg-read-now.ts). A transaction's instance has no reader: its reads go
// Kysely's way, inside it.
import type { Kysely } from 'kysely'
import type { Database } from './schema.ts'

export type Reader = {
  /** A read's rows, now or once run; undefined when it cannot go this way (a write, a busy connection). */
  readNow(sql: string, parameters: readonly unknown[]): unknown[] | Promise<unknown[]> | undefined
  /** `readNow` for one text, with what it needs for that text found once (sqlite-read-now.ts). */
  readerOf?(sql: string): ReadNow
}

/** A read of one text: its rows for these parameters, as `Reader.readNow` gives them. */
export type ReadNow = (parameters: readonly unknown[]) => unknown[] | Promise<unknown[]> | undefined

const readers = new WeakMap<Kysely<Database>, Reader>()

/** Ties a database to the way its reads go straight (connection.ts). */
export function readsNowThrough(db: Kysely<Database>, reader: Reader): void {
  readers.set(db, reader)
}

/** A read's rows when `db` has a reader that takes it; undefined otherwise (Kysely's way, then). */
export function readNow(
  db: Kysely<Database>,
  sql: string,
  parameters: readonly unknown[],
): unknown[] | Promise<unknown[]> | undefined {
  return readers.get(db)?.readNow(sql, parameters)
}

/** `readNow` for one text on `db`, for a caller that runs it again and again (compiled-once.ts). */
export function readerOf(db: Kysely<Database>, sql: string): ReadNow {
  const reader = readers.get(db)
  if (!reader) return () => undefined
  return reader.readerOf?.(sql) ?? ((parameters) => reader.readNow(sql, parameters))
}
