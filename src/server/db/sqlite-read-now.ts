// A read run at once on SQLite's one connection when nothing holds it (read-now.ts). better-sqlite3
// answers synchronously, so nothing can come between the read and its rows; Kysely's way to the same
// statement (its connection lock, its plugins, a handful of promises a statement) cost the feed about
// 60-130 of its 460-500 µs of CPU a request (README, design notes). While the connection is held (a
// transaction open, a statement of Kysely's under way) a read goes Kysely's way and waits its turn, so
// it never sees what an unfinished transaction wrote.

import type { Statement } from 'better-sqlite3'
import { type DatabaseConnection, type Driver, type SqliteDatabase, SqliteDialect } from 'kysely'
import type { Reader, ReadNow } from './read-now.ts'

/** SQLite's dialect, counting the connections Kysely holds (acquired and not yet released). */
export class CountedSqliteDialect extends SqliteDialect implements Reader {
  readonly #database: SqliteDatabase
  #held = 0

  constructor(database: SqliteDatabase) {
    super({ database })
    this.#database = database
  }

  override createDriver(): Driver {
    const driver = super.createDriver()
    const acquire = driver.acquireConnection.bind(driver)
    const release = driver.releaseConnection.bind(driver)
    driver.acquireConnection = async (): Promise<DatabaseConnection> => {
      const connection = await acquire()
      this.#held++
      return connection
    }
    driver.releaseConnection = async (connection: DatabaseConnection): Promise<void> => {
      this.#held--
      await release(connection)
    }
    return driver
  }

  /**
   * The rows of a read run now; undefined (nothing run) while the connection is held or for a write.
   * `statement`: the text's statement when the caller kept it (`readerOf`).
   */
  readNow(sql: string, parameters: readonly unknown[], statement?: Statement): unknown[] | undefined {
    if (this.#held > 0) return undefined
    const prepared = statement ?? (this.#database.prepare(sql) as Statement)
    return prepared.reader ? prepared.all(parameters) : undefined
  }

  /**
   * `readNow` for one text, its statement kept from its first run rather than found in the statement
   * cache on each (a statement the cache lets go stays good while this holds it).
   */
  readerOf(sql: string): ReadNow {
    let statement: Statement | undefined
    return (parameters) => {
      statement ??= this.#database.prepare(sql) as Statement
      return this.readNow(sql, parameters, statement)
    }
  }
}
