// Without TRUST_PROXY, X-Forwarded-For is the client's own claim: changing it must not reset the count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

// As documented in the README: 20 failed sign-ins per client in 15 minutes.
const LOGIN_MAX_PER_CLIENT = 20

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('login rate limit without a trusted proxy', () => {
  it('cannot be dodged by sending a different X-Forwarded-For each time', async () => {
    const attempt = (i: number, email: string, password: string) =>
      t.request('POST', '/api/login-mobile', {
        json: { email, password },
        headers: { 'x-forwarded-for': `203.0.113.${i % 250}` },
      })
    for (let i = 0; i < LOGIN_MAX_PER_CLIENT; i++) {
      expect((await attempt(i, `guess${i}@demo.test`, 'guess-guess')).status).toBe(400)
    }
    const res = await attempt(LOGIN_MAX_PER_CLIENT, 'another-guess@demo.test', 'guess-guess')
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
