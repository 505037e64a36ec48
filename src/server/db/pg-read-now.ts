// A compiled read on PostgreSQL, as Kysely would send it but without its executor (read-now.ts). The
// connection's `query` names the text (connection.ts), so it is parsed and planned once per connection
// as before. Only plain `select`s: a write must go Kysely's way, whose plugin hears of it and drops what
// the short caches kept.
//
// The reader keeps some of the pool's connections for itself and sends each read to the one with the
// fewest reads under way (one after another): taking a connection from the pool and giving it back
// cost 7-15 µs of CPU a statement, four times in a feed's request. A read waits behind another only
// when every kept connection is busy, as it would wait for a free one in the pool; long reads (the
// statistics) go Kysely's way, in transactions of their own on the rest of the pool.
import type pg from 'pg'
import { logger } from '../platform/logger.ts'
import type { Reader } from './read-now.ts'

const PLAIN_SELECT = /^\s*select\b/i

/**
 * `busy`: reads under way or waiting their turn (one at a time on a connection: pg's own queue for a
 * busy client is deprecated). `held` while the reader holds it; `leaving` once closed, given back
 * when its last read ends; `gone` once given back or lost.
 */
type Kept = {
  client: pg.PoolClient
  busy: number
  waiting: (() => void)[]
  state: 'held' | 'leaving' | 'gone'
}

export class PoolReader implements Reader {
  readonly #pool: pg.Pool
  readonly #keep: number
  readonly #kept: Kept[] = []
  #opening = false
  #closed = false

  /** `keep`: how many of the pool's connections the reader holds (the rest serve writes and the overflow). */
  constructor(pool: pg.Pool, options: { keep?: number } = {}) {
    this.#pool = pool
    this.#keep = options.keep ?? 0
  }

  readNow(sql: string, parameters: readonly unknown[]): Promise<unknown[]> | undefined {
    if (!PLAIN_SELECT.test(sql)) return undefined
    let least: Kept | undefined
    for (const kept of this.#kept) if (!least || kept.busy < least.busy) least = kept
    if (least && (least.busy === 0 || this.#kept.length >= this.#keep)) {
      return this.#onKept(least, sql, parameters)
    }
    this.#keepAnother()
    return this.#pooled(sql, parameters)
  }

  /** Gives the kept connections back to the pool (at once, or when their read ends): `pool.end()` waits for them. */
  close(): void {
    this.#closed = true
    for (const kept of this.#kept.splice(0)) {
      kept.state = kept.busy > 0 ? 'leaving' : 'gone'
      if (kept.busy === 0) kept.client.release()
    }
  }

  async #onKept(kept: Kept, sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    kept.busy++
    try {
      if (kept.busy > 1) await new Promise<void>((resolve) => kept.waiting.push(resolve))
      // Lost while this read waited its turn: the pool serves it.
      if (kept.state === 'gone') return await this.#pooled(sql, parameters)
      const { rows } = await kept.client.query(sql, parameters as unknown[])
      return rows
    } finally {
      kept.busy--
      kept.waiting.shift()?.()
      if (kept.state === 'leaving' && kept.busy === 0) {
        kept.state = 'gone'
        kept.client.release()
      }
    }
  }

  async #pooled(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const client = await this.#pool.connect()
    try {
      // Two arguments, text and values, as Kysely passes them: the form the naming wrapper names.
      const { rows } = await client.query(sql, parameters as unknown[])
      return rows
    } finally {
      client.release()
    }
  }

  #keepAnother(): void {
    if (this.#closed || this.#opening || this.#kept.length >= this.#keep) return
    this.#opening = true
    this.#pool.connect().then(
      (client) => {
        this.#opening = false
        if (this.#closed) return client.release()
        const kept: Kept = { client, busy: 0, waiting: [], state: 'held' }
        // A kept connection the server drops (restart, failover) is let go and replaced on a later read;
        // without a listener pg's error on a checked-out connection would end the process.
        const lost = (error?: Error) => {
          if (kept.state === 'gone') return
          kept.state = 'gone'
          const at = this.#kept.indexOf(kept)
          if (at >= 0) this.#kept.splice(at, 1)
          logger.warn('kept database connection lost', { error: error?.message })
          client.release(error ?? true)
        }
        client.on('error', lost)
        client.on('end', () => lost())
        this.#kept.push(kept)
      },
      () => {
        this.#opening = false
      },
    )
  }
}
