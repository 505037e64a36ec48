// A family's app asks for its notifications and events as often as for the feed: both lists are
// answered by plain node:http when the college and session are kept (platform/fast-reads.ts), and
// must answer exactly as Hono alone does, header for header, handing it whatever they cannot answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventsRead } from '#server/features/events/event-list.ts'
import { notificationsRead } from '#server/features/notifications/notification-list.ts'
import type { FastRead } from '#server/platform/fast-reads.ts'
import type { EventInput } from '#shared/events.schema.ts'
import { dayFromNow, eventInput, momentFromNow } from './helpers/events.ts'
import {
  bearer,
  expectSameAnswer,
  fastReadServers,
  get,
  type Pair,
  walkPages,
} from './helpers/fast-read-pair.ts'
import { runJobs, sendInput } from './helpers/notifications.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let pair: Pair
const servers = fastReadServers()
const READERS = ['guardian@demo.test', 'student@demo.test', 'staff@demo.test', 'admin@demo.test']

beforeAll(async () => {
  t = await createTestApp()
  pair = await servers.pairOf(t)
  const admin = await t.login('admin@demo.test')
  const course = await t.db.selectFrom('courses').select(['id', 'grade_id']).executeTakeFirstOrThrow()
  // Events for everyone, for one grade and for one course, so that readers differ in what they see.
  const targets: Pick<EventInput, 'grades' | 'courses'>[] = [
    { grades: ['all'], courses: ['all'] },
    { grades: [course.grade_id], courses: ['all'] },
    { grades: [course.grade_id], courses: [course.id] },
  ]
  for (const [i, target] of targets.entries()) {
    // Each day's late event (02:00 UTC) is the evening before in the college's zone (America/Santiago).
    for (const [days, start, end] of [
      [1, '15:00', '17:00'],
      [5, '02:00', '02:30'],
      [5, '15:00', '17:00'],
      [40, '15:00', '17:00'],
    ] as const) {
      const res = await t.request('POST', '/api/v1/events', {
        token: admin,
        json: eventInput({
          ...target,
          name: `Evento ${i}-${days} ${start}`,
          description: 'Traer colación y ropa cómoda. '.repeat(8),
          starts_at: momentFromNow(days, start),
          ends_at: momentFromNow(days, end),
        }),
      })
      expect(res.status).toBe(201)
    }
  }
  for (let i = 0; i < 3; i++) {
    const res = await t.request('POST', '/api/v1/college-notifications', {
      token: admin,
      json: sendInput({ title: `Aviso ${i}`, content: 'Mañana no hay clases. '.repeat(30) }),
    })
    expect(res.status).toBe(201)
  }
  await runJobs(t)
})
afterAll(async () => {
  await servers.close()
  await t.close()
})

const walk = (path: string, token: Record<string, string>) => walkPages(pair, path, token)

describe.each([
  ['/api/v1/notifications', notificationsRead],
  ['/api/v1/events', eventsRead],
] as [string, FastRead][])('GET %s through the server', (path, read) => {
  it('answers every reader and page as Hono does, by itself, compressed alike', async () => {
    const seen = new Set<string>()
    for (const email of READERS) {
      const token = bearer(await t.login(email))
      // The first request keeps the session; the rest are answered by the listener itself.
      await get(pair.fast, path, token)
      const counted = await servers.countingHandOver(read, t, path)
      const first = await expectSameAnswer(pair, path, token)
      expect((await get(counted.port, path, token)).body).toBe(first.body)
      expect(counted.handed()).toBe(0)
      const ids = await walk(path, token)
      expect(new Set(ids).size).toBe(ids.length)
      seen.add(ids.join())
      for (const encoding of ['gzip', 'br', 'zstd']) {
        const packed = await expectSameAnswer(pair, path, { ...token, 'accept-encoding': encoding })
        expect(packed.headers['content-encoding']).toBe(encoding)
      }
    }
    // The readers see different lists: each statement shape answered its own reader.
    expect(seen.size).toBeGreaterThan(1)
  })

  it('leaves a query it would refuse, and a request without a kept session, to Hono', async () => {
    const token = bearer(await t.login('guardian@demo.test'))
    await get(pair.fast, path, token)
    for (const query of ['limit=abc', 'limit=0', 'cursor=%01'])
      expect((await expectSameAnswer(pair, `${path}?${query}`, token)).status).toBe(422)
    expect((await expectSameAnswer(pair, `${path}?limit=1&limit=3`, token)).status).toBe(200)
    expect((await expectSameAnswer(pair, path, bearer('not-a-token'))).status).toBe(401)
    const owner = bearer(await t.login('root@platform.test'))
    await get(pair.fast, path, owner)
    expect((await expectSameAnswer(pair, path, owner)).status).toBe(403)
  })
})

describe('GET /api/v1/events by days through the server', () => {
  it('answers each span of days as Hono does', async () => {
    for (const email of READERS) {
      const token = bearer(await t.login(email))
      await get(pair.fast, '/api/v1/events', token)
      // Days that begin or end at the late events: read in UTC rather than the college's zone, they
      // would count them on the wrong day.
      const spans = [
        `from=${dayFromNow(0)}&to=${dayFromNow(7)}`,
        `from=${dayFromNow(5)}`,
        `to=${dayFromNow(4)}`,
        `from=${dayFromNow(2)}&to=${dayFromNow(60)}`,
      ]
      const counts = []
      for (const span of spans) counts.push((await walk(`/api/v1/events?${span}`, token)).length)
      // The spans cut the list differently: the days reach the statement.
      expect(new Set(counts).size).toBeGreaterThan(1)
    }
    const token = bearer(await t.login('guardian@demo.test'))
    expect((await expectSameAnswer(pair, '/api/v1/events?from=2026-02-30', token)).status).toBe(422)
  })
})
