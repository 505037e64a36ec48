// The administrators' lists of people, payments and pymes are answered by plain node:http when the
// college and session are kept (platform/fast-reads.ts): only for those with the permission, and
// exactly as Hono alone answers, header for header; refusals (403, 422) are left to Hono.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pymesListRead } from '#server/features/benefits/pyme-list.ts'
import { paymentsListRead } from '#server/features/payments/payments-list.ts'
import { usersListRead } from '#server/features/users/users-admin.routes.ts'
import type { FastRead } from '#server/platform/fast-reads.ts'
import {
  bearer,
  expectSameAnswer,
  fastReadServers,
  get,
  type Pair,
  walkPages,
} from './helpers/fast-read-pair.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let pair: Pair
const servers = fastReadServers()
const PEOPLE = [
  'admin@demo.test',
  'staff@demo.test',
  'company@demo.test',
  'guardian@demo.test',
  'student@demo.test',
]

beforeAll(async () => {
  t = await createTestApp()
  pair = await servers.pairOf(t)
})
afterAll(async () => {
  await servers.close()
  await t.close()
})

const walk = (path: string, token: Record<string, string>) => walkPages(pair, path, token)

describe.each([
  ['/api/v1/users', usersListRead, ['q=demo', 'sort=-name', 'sort=email&status=active', 'status=inactive']],
  ['/api/v1/payments', paymentsListRead, ['status=approved', 'q=matr', 'grade=all', 'from=2020-01-01']],
  ['/api/v1/pymes', pymesListRead, ['q=a', 'category_id=1']],
] as [string, FastRead, string[]][])('GET %s through the server', (path, read, filters) => {
  it('answers those allowed, by itself, and leaves the others to Hono, as Hono alone answers', async () => {
    const statuses: Record<string, number> = {}
    const lists = new Map<string, string>()
    for (const email of PEOPLE) {
      const token = bearer(await t.login(email))
      // The first request keeps the session; the rest are answered by the listener where they may be.
      await get(pair.fast, path, token)
      const first = await expectSameAnswer(pair, path, token)
      statuses[email] = first.status
      if (first.status !== 200) continue
      const counted = await servers.countingHandOver(read, t, path)
      expect((await get(counted.port, path, token)).body).toBe(first.body)
      expect(counted.handed()).toBe(0)
      const ids = await walk(path, token)
      expect(ids.length).toBeGreaterThan(0)
      expect(new Set(ids).size).toBe(ids.length)
      lists.set(email, ids.join())
      for (const filter of filters) await walk(`${path}?${filter}`, token)
      for (const encoding of ['gzip', 'br'])
        await expectSameAnswer(pair, path, { ...token, 'accept-encoding': encoding })
    }
    expect(statuses['admin@demo.test']).toBe(200)
    expect(statuses['guardian@demo.test']).toBe(403)
    expect(statuses['student@demo.test']).toBe(403)
    // A company's account manages only its own company's pymes: another list than the admin's.
    if (path === '/api/v1/pymes') {
      expect(statuses['company@demo.test']).toBe(200)
      expect(lists.get('company@demo.test')).not.toBe(lists.get('admin@demo.test'))
    }
  })

  it('leaves a query it would refuse to Hono', async () => {
    const token = bearer(await t.login('admin@demo.test'))
    await get(pair.fast, path, token)
    expect((await expectSameAnswer(pair, `${path}?limit=abc`, token)).status).toBe(422)
    expect((await expectSameAnswer(pair, path, bearer('not-a-token'))).status).toBe(401)
  })
})
