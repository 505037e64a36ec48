// Pokes across servers behind a load balancer: each server LISTENs on one PostgreSQL channel and
// NOTIFYs its own pokes there, so a tab connected to any server hears of a change made through
// another. A dropped connection is made again; pokes sent meanwhile are lost, which the tabs' timed
// pulls make good. Writes are announced on the same channel, so every server forgets the colleges and
// signed-in users it kept (a sign-out on one is refused by all); one lost while reconnecting is made
// good by the caches' own few seconds.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { Notifier } from './live.ts'
import { logger } from './logger.ts'
import { onShortCachesCleared } from './short-cache.ts'

const CHANNEL = 'college_pokes'
/** NOTIFY payloads stop at 8000 bytes: a longer list of people becomes "everyone in the college". */
const MAX_IDS = 400
const RECONNECT_MS = 2000

/** A poke (`c`, with `u` its people), or `x`: a write was made, so kept reads must go (short-cache.ts). */
type Payload = { s: string; c?: number; u?: number[]; x?: 1 }

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

  const again = () => {
    client = undefined
    if (!stopped) timer = setTimeout(() => void connect(), RECONNECT_MS)
  }

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl })
    next.on('notification', (message) => {
      try {
        const payload = JSON.parse(message.payload ?? '') as Payload
        if (payload.s === server) return
        if (payload.x === 1) onWriteElsewhere?.()
        else if (Number.isInteger(payload.c)) notifier.deliver(payload.c!, payload.u)
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
        listening()
      }
    } catch (error) {
      logger.error('poke relay could not connect; retrying', { error: String(error) })
      next.end().catch(() => undefined)
      again()
    }
  }

  const send = (payload: Payload) =>
    client?.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(payload)]).catch(() => undefined)
  notifier.relay = (collegeId, userIds) => {
    const payload: Payload = { s: server, c: collegeId }
    if (userIds && userIds.length <= MAX_IDS) payload.u = [...userIds]
    send(payload)
  }
  const unannounce = onWriteElsewhere ? onShortCachesCleared(() => send({ s: server, x: 1 })) : undefined
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
