// Pokes reach the open tabs they are for: this server's through its notifier, and on PostgreSQL the
// tabs of every other server through LISTEN/NOTIFY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNotifier, type Notifier } from '#server/platform/live.ts'
import { userIdOf } from './helpers/http.ts'
import { sendInput } from './helpers/notifications.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'

function recorder(notifier: Notifier, collegeId: number, userId: number) {
  const pokes: number[] = []
  notifier.listen({ collegeId, userId, poke: () => pokes.push(Date.now()) })
  return pokes
}

describe('one server', () => {
  it('pokes the listeners of the people named, in their college only', () => {
    const notifier = createNotifier()
    const mine = recorder(notifier, 1, 10)
    const other = recorder(notifier, 1, 11)
    const elsewhere = recorder(notifier, 2, 10)
    notifier.poke(1, [10])
    expect([mine.length, other.length, elsewhere.length]).toEqual([1, 0, 0])
    notifier.poke(1)
    expect([mine.length, other.length, elsewhere.length]).toEqual([2, 1, 0])
  })
})

describe(`the live stream (${dialect})`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('a notification sent to a guardian pokes their open stream', async () => {
    const guardian = await t.login('guardian@demo.test')
    const admin = await t.login('admin@demo.test')
    const stream = await t.request('GET', '/api/v1/live', { token: guardian })
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
    expect((await reader.read()).value).toContain('event: ready')
    const guardianId = await userIdOf(t.db, 'guardian@demo.test')
    const sent = await t.request('POST', '/api/v1/college-notifications', {
      token: admin,
      json: sendInput({ scope: 'users', users: [guardianId] }),
    })
    expect(sent.status).toBe(201)
    expect((await reader.read()).value).toContain('event: poke')
    await reader.cancel()
  })

  it('needs a signed-in member', async () => {
    expect((await t.request('GET', '/api/v1/live')).status).toBe(401)
  })
})
