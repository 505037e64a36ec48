// A compiled read on PostgreSQL on a connection of the pool, as Kysely would send it but without its
// executor (read-now.ts). The connection's `query` names the text (connection.ts), so it is parsed and
// planned once per connection as before. Only plain `select`s: a write must go Kysely's way, whose
// plugin hears of it and drops what the short caches kept.
import type pg from 'pg'
import type { Reader } from './read-now.ts'

const PLAIN_SELECT = /^\s*select\b/i

export class PoolReader implements Reader {
  readonly #pool: pg.Pool

  constructor(pool: pg.Pool) {
    this.#pool = pool
  }

  readNow(sql: string, parameters: readonly unknown[]): Promise<unknown[]> | undefined {
    return PLAIN_SELECT.test(sql) ? this.#read(sql, parameters) : undefined
  }

  async #read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const client = await this.#pool.connect()
    try {
      // Two arguments, text and values, as Kysely passes them: the form the naming wrapper names.
      const { rows } = await client.query(sql, parameters as unknown[])
      return rows
    } finally {
      client.release()
    }
  }
}
