// How large a PostgreSQL pool a process opens, and how much of it the compiled reads keep: read by the
// settings (config.ts, `DATABASE_POOL_SIZE`) and by the connection (connection.ts), without either
// loading the other.

/** The connections a process's pool opens at most, unless `DATABASE_POOL_SIZE` says otherwise. */
export const DEFAULT_POOL_SIZE = 10

/**
 * Of a pool's connections, those the compiled reads keep for themselves (pg-read-now.ts): two in five,
 * at most four, so writes and transactions always have the rest. A pool of one or two keeps none:
 * its reads take a connection of the pool each time, as a transaction does.
 */
export function keptForReads(poolSize: number): number {
  return Math.min(4, Math.floor((poolSize * 2) / 5))
}
