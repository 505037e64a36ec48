// Several servers behind a load balancer share one PostgreSQL: a poke made through one reaches the
// open tabs of the others through LISTEN/NOTIFY, and so does the news of a write.
import type { Kysely } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/schema.ts'
import { createNotifier, type Notifier } from '#server/platform/live.ts'
import { ACK_WAIT_MS, type PokeRelay, relayPokesThroughPostgres } from '#server/platform/live-relay.ts'
import { clearShortCaches, shortCache } from '#server/platform/short-cache.ts'

function recorder(notifier: Notifier, collegeId: number, userId: number) {
  const pokes: number[] = []
  notifier.listen({ collegeId, userId, poke: () => pokes.push(Date.now()) })
  return pokes
}

describe('several servers on PostgreSQL', () => {
  const relays: PokeRelay[] = []
  afterAll(async () => {
    for (const relay of relays) await relay.stop()
  })

  it('a poke made on one server reaches the tabs of another, and a long list becomes everyone', async () => {
    const url = process.env.TEST_DATABASE_URL!
    const a = createNotifier()
    const b = createNotifier()
    relays.push(relayPokesThroughPostgres(a, url), relayPokesThroughPostgres(b, url))
    await Promise.all(relays.map((r) => r.ready))
    const onB = recorder(b, 7, 70)
    const otherOnB = recorder(b, 7, 71)
    const onA = recorder(a, 7, 70)
    a.poke(7, [70])
    await expect.poll(() => onB.length).toBe(1)
    expect([onA.length, otherOnB.length]).toEqual([1, 0])
    a.poke(
      7,
      Array.from({ length: 1000 }, (_, i) => 1000 + i),
    )
    await expect.poll(() => otherOnB.length).toBe(1)
    // Its own pokes are not delivered twice.
    await new Promise((r) => setTimeout(r, 200))
    expect(onA.length).toBe(1)
  })

  it('a write on one server makes the others forget the colleges and sessions they kept', async () => {
    const url = process.env.TEST_DATABASE_URL!
    // Each server's database handle (only its identity matters to the caches).
    const dbA = {} as Kysely<Database>
    const dbB = {} as Kysely<Database>
    const a = relayPokesThroughPostgres(createNotifier(), url, () => clearShortCaches(dbA, true))
    const b = relayPokesThroughPostgres(createNotifier(), url, () => clearShortCaches(dbB, true))
    relays.push(a, b)
    await Promise.all([a.ready, b.ready])
    const keptOnB = shortCache<string>(dbB, 'relay-test')
    expect(await keptOnB.get('token', async () => 'signed in')).toBe('signed in')
    expect(await keptOnB.get('token', async () => 'read again')).toBe('signed in')
    // Server A signs the person out: its answer leaves once B has forgotten, not merely been sent the news.
    await clearShortCaches(dbA)
    expect(await keptOnB.get('token', async () => 'read again')).toBe('read again')
  })

  it('a write waits for a server that does not answer, but no longer than ACK_WAIT_MS', async () => {
    const url = process.env.TEST_DATABASE_URL!
    const dbA = {} as Kysely<Database>
    const a = relayPokesThroughPostgres(createNotifier(), url, () => clearShortCaches(dbA, true))
    relays.push(a)
    // A server that listens but is stuck: it never answers.
    const stuck = new pg.Client({ connectionString: url, application_name: 'college-relay' })
    await stuck.connect()
    try {
      await stuck.query('LISTEN college_pokes')
      await a.ready
      const started = performance.now()
      await clearShortCaches(dbA)
      expect(performance.now() - started).toBeGreaterThanOrEqual(ACK_WAIT_MS - 50)
    } finally {
      await stuck.end()
    }
  })

  it('a server that was not listening forgets what it kept once it listens again', async () => {
    const url = process.env.TEST_DATABASE_URL!
    const dbB = {} as Kysely<Database>
    const keptOnB = shortCache<string>(dbB, 'relay-reconnect')
    expect(await keptOnB.get('token', async () => 'signed in')).toBe('signed in')
    const b = relayPokesThroughPostgres(createNotifier(), url, () => clearShortCaches(dbB, true))
    relays.push(b)
    await b.ready
    expect(await keptOnB.get('token', async () => 'read again')).toBe('read again')
  })
})
