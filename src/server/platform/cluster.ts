// Several processes on one port (WEB_CONCURRENCY): Node's cluster hands each connection to one
// worker, so every core serves requests. What one worker does that the others must hear of (a poke
// for open tabs, a write that empties the short caches) goes through the primary; on PostgreSQL the
// database's own relay (live-relay.ts) carries both and this one is not used. A write's news is
// answered: the primary tells the writer once every other worker has forgotten what it kept, so the
// writer's answer (a sign-out) leaves only when no worker would still accept the token.
import cluster, { type Worker } from 'node:cluster'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { awaitedReplies } from './awaited-replies.ts'
import type { Notifier } from './live.ts'
import { logger } from './logger.ts'
import { clearShortCaches, onShortCachesCleared } from './short-cache.ts'

/** `write` from a worker is numbered `i`; `forgot` is a worker's answer to it, and the primary's. */
type Message =
  | { kind: 'poke'; c: number; u?: number[] }
  | { kind: 'write'; i: number }
  | { kind: 'forgot'; i: number }

function isMessage(value: unknown): value is Message {
  const kind = (value as { kind?: unknown } | null)?.kind
  return kind === 'poke' || kind === 'write' || kind === 'forgot'
}

/** How long a write's answer waits for the other workers; a hung worker costs no more. */
export const FORGET_WAIT_MS = 1000

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
  let numbered = 0
  /** Writes passed on, by the primary's number: who wrote, what the writer called it, who must answer. */
  const writes = new Map<number, { writer: Worker; i: number; left: Set<Worker> }>()
  const settle = (n: number) => {
    const write = writes.get(n)
    if (!write || write.left.size > 0) return
    writes.delete(n)
    if (write.writer.isConnected()) write.writer.send({ kind: 'forgot', i: write.i } satisfies Message)
  }
  const start = () =>
    new Promise<void>((resolve) => {
      const worker = cluster.fork()
      workers.add(worker)
      worker.on('listening', () => resolve())
      worker.on('message', (message: unknown) => {
        if (!isMessage(message)) return
        const others = [...workers].filter((other) => other !== worker && other.isConnected())
        if (message.kind === 'poke') for (const other of others) other.send(message)
        else if (message.kind === 'write') {
          const n = ++numbered
          writes.set(n, { writer: worker, i: message.i, left: new Set(others) })
          for (const other of others) other.send({ kind: 'write', i: n } satisfies Message)
          settle(n)
        } else {
          writes.get(message.i)?.left.delete(worker)
          settle(message.i)
        }
      })
      worker.on('exit', (code, signal) => {
        workers.delete(worker)
        for (const [n, write] of writes) {
          write.left.delete(worker)
          settle(n)
        }
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
  const replies = awaitedReplies(FORGET_WAIT_MS)
  onShortCachesCleared(() => {
    if (!process.connected || !process.send) return undefined
    const { id, answered } = replies.ask()
    process.send({ kind: 'write', i: id } satisfies Message)
    return answered
  })
  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return
    if (message.kind === 'write') {
      void clearShortCaches(db, true)
      send({ kind: 'forgot', i: message.i })
    } else if (message.kind === 'forgot') replies.settle(message.i)
    else notifier.deliver(message.c, message.u)
  })
}
