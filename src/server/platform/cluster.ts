// Several processes on one port (WEB_CONCURRENCY): Node's cluster hands each connection to one
// worker, so every core serves requests. What one worker does that the others must hear of (a poke
// for open tabs, a write that empties the short caches) goes through the primary; on PostgreSQL the
// database's own relay (live-relay.ts) carries both and this one is not used.
import cluster, { type Worker } from 'node:cluster'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { Notifier } from './live.ts'
import { logger } from './logger.ts'
import { clearShortCaches, onShortCachesCleared } from './short-cache.ts'

type Message = { kind: 'poke'; c: number; u?: number[] } | { kind: 'write' }

function isMessage(value: unknown): value is Message {
  const kind = (value as { kind?: unknown } | null)?.kind
  return kind === 'poke' || kind === 'write'
}

/** The number of processes asked for: `WEB_CONCURRENCY`, 1 when unset or not a whole number. */
export function processCount(env = process.env): number {
  const asked = Number(env.WEB_CONCURRENCY ?? 1)
  return Number.isInteger(asked) && asked >= 1 ? Math.min(asked, 64) : 1
}

/**
 * In the primary: starts `count` workers, passes each one's messages to the others, and starts a
 * new worker for one that died. Resolves with a stop function once every worker listens.
 */
export async function runWorkers(count: number): Promise<() => Promise<void>> {
  let stopping = false
  const workers = new Set<Worker>()
  const start = () =>
    new Promise<void>((resolve) => {
      const worker = cluster.fork()
      workers.add(worker)
      worker.on('listening', () => resolve())
      worker.on('message', (message: unknown) => {
        if (!isMessage(message)) return
        for (const other of workers) if (other !== worker && other.isConnected()) other.send(message)
      })
      worker.on('exit', (code, signal) => {
        workers.delete(worker)
        if (stopping) return
        logger.error('a worker stopped; starting another', { code, signal })
        void start()
      })
    })
  await Promise.all(Array.from({ length: count }, start))
  return async () => {
    stopping = true
    await Promise.all(
      [...workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve())
            worker.process.kill('SIGTERM')
          }),
      ),
    )
  }
}

/** In a worker: its pokes and writes reach the other workers, and theirs reach it. */
export function relayThroughPrimary(notifier: Notifier, db: Kysely<Database>): void {
  const send = (message: Message) => {
    if (process.connected) process.send?.(message)
  }
  notifier.relay = (collegeId, userIds) =>
    send({ kind: 'poke', c: collegeId, ...(userIds ? { u: [...userIds] } : {}) })
  onShortCachesCleared(
    () =>
      new Promise<void>((resolve) => {
        if (!process.connected || !process.send) return resolve()
        process.send({ kind: 'write' } satisfies Message, undefined, {}, () => resolve())
      }),
  )
  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return
    if (message.kind === 'write') void clearShortCaches(db, true)
    else notifier.deliver(message.c, message.u)
  })
}
