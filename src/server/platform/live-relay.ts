// Pokes across servers behind a load balancer: each server LISTENs on one PostgreSQL channel and
// NOTIFYs its own pokes there, so a tab connected to any server hears of a change made through
// another. A dropped connection is made again; pokes sent meanwhile are lost, which the tabs' timed
// pulls make good. Writes are announced on the same channel, so every server forgets the colleges and
// signed-in users it kept (a sign-out on one is refused by all). The writer's answer waits until every
// other server listening has said it forgot (or ACK_WAIT_MS passed): sent is not heard, and a request
// reaching another server a moment after a sign-out must already be refused there. A server that was
// reconnecting may have missed news, so it forgets everything once it listens again.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { awaitedReplies } from './awaited-replies.ts'
import type { Notifier } from './live.ts'
import { logger } from './logger.ts'
import { onShortCachesCleared } from './short-cache.ts'

const CHANNEL = 'college_pokes'
/** NOTIFY payloads stop at 8000 bytes: a longer list of people becomes "everyone in the college". */
const MAX_IDS = 400
const RECONNECT_MS = 2000
/** How long a write's answer waits for the others to say they forgot; a hung server costs no more. */
export const ACK_WAIT_MS = 1000
/** Names the relays' connections, so a writer can count the servers it must hear from. */
const APPLICATION_NAME = 'college-relay'

/**
 * From server `s`: a poke (`c`, with `u` its people); or `x`, a write was made, so kept reads must go
 * (short-cache.ts), numbered `i`; or `a`, its answer to server `to`'s write numbered `a`.
 */
type Payload = { s: string; c?: number; u?: number[]; x?: 1; i?: number; a?: number; to?: string }

export type PokeRelay = {
  /** Resolves once the first connection listens. */
  ready: Promise<void>
  stop: () => Promise<void>
}

/** `onWriteElsewhere`: another server made a write (it forgets what it kept; this one must too). */
export function relayPokesThroughPostgres(
  notifier: Notifier,
  databaseUrl: string,
  onWriteElsewhere?: () => void,
): PokeRelay {
  const server = randomUUID()
  let client: pg.Client | undefined
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let listening: () => void = () => undefined
  const ready = new Promise<void>((resolve) => {
    listening = resolve
  })
  const replies = awaitedReplies(ACK_WAIT_MS)
  /** This server's writes still waiting for answers: the servers heard from, and how many must answer. */
  const waiting = new Map<number, { heard: Set<string>; others: number }>()
  const check = (i: number) => {
    const write = waiting.get(i)
    if (write && write.heard.size >= write.others) replies.settle(i)
  }

  const again = () => {
    client = undefined
    if (!stopped) timer = setTimeout(() => void connect(), RECONNECT_MS)
  }

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: APPLICATION_NAME })
    next.on('notification', (message) => {
      try {
        const payload = JSON.parse(message.payload ?? '') as Payload
        if (payload.s === server) return
        if (payload.x === 1) {
          onWriteElsewhere?.()
          if (Number.isInteger(payload.i)) send({ s: server, a: payload.i, to: payload.s })
        } else if (payload.to !== undefined) {
          if (payload.to !== server) return
          waiting.get(payload.a!)?.heard.add(payload.s)
          check(payload.a!)
        } else if (Number.isInteger(payload.c)) notifier.deliver(payload.c!, payload.u)
      } catch {
        // Not ours: ignored.
      }
    })
    next.on('error', (error) => {
      logger.error('poke relay connection failed; reconnecting', { error: String(error) })
      next.end().catch(() => undefined)
      if (client === next) again()
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${CHANNEL}`)
      if (stopped) await next.end()
      else {
        client = next
        // Writes announced while this server was not listening went unheard here.
        onWriteElsewhere?.()
        listening()
      }
    } catch (error) {
      logger.error('poke relay could not connect; retrying', { error: String(error) })
      next.end().catch(() => undefined)
      again()
    }
  }

  // One statement at a time on the connection (pg 9 refuses overlapping ones).
  let turn: Promise<unknown> = Promise.resolve()
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = turn.then(run, run)
    turn = result.catch(() => undefined)
    return result
  }
  const send = (payload: Payload) => {
    const sending = client
    if (!sending) return
    inTurn(() => sending.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(payload)])).catch(
      () => undefined,
    )
  }
  notifier.relay = (collegeId, userIds) => {
    const payload: Payload = { s: server, c: collegeId }
    if (userIds && userIds.length <= MAX_IDS) payload.u = [...userIds]
    send(payload)
  }
  /** Tells the others of a write made here; resolves once each has answered, or after ACK_WAIT_MS. */
  const announce = async () => {
    const sending = client
    if (!sending) return
    const { id: i, answered } = replies.ask()
    // How many must answer is known once they are counted; until then no number of answers is enough.
    waiting.set(i, { heard: new Set(), others: Number.POSITIVE_INFINITY })
    try {
      // The servers are counted as the news is sent: one that starts listening later forgets on its own.
      const sent = await inTurn(() =>
        sending.query<{ n: number }>(
          `SELECT pg_notify($1, $2), (SELECT count(*)::int FROM pg_stat_activity
             WHERE application_name = $3 AND datname = current_database() AND pid <> pg_backend_pid()) AS n`,
          [CHANNEL, JSON.stringify({ s: server, x: 1, i }), APPLICATION_NAME],
        ),
      )
      waiting.get(i)!.others = sent.rows[0]?.n ?? 0
      check(i)
      await answered
    } catch {
      // The connection failed: the others forget on their own when it drops or their copies expire.
      replies.settle(i)
    } finally {
      waiting.delete(i)
    }
  }
  const unannounce = onWriteElsewhere ? onShortCachesCleared(announce) : undefined
  void connect()

  return {
    ready,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      notifier.relay = undefined
      unannounce?.()
      await client?.end().catch(() => undefined)
    },
  }
}
