import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nowIso } from '#server/platform/clock.ts'
import { hashPassword } from '#server/platform/passwords.ts'
import { body, collegeIdOf, EN } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

// The limits as the README documents them, written out: a test that read them from the code would
// pass whatever the code says.
const LOGIN_MAX_PER_EMAIL = 5
const LOGIN_MAX_PER_CLIENT = 20
const FORGOT_MAX_PER_EMAIL = 3
const WINDOW_SECONDS = 15 * 60

let t: TestApp
beforeAll(async () => {
  // Behind a proxy, so each test can be a different client through X-Forwarded-For.
  t = await createTestApp({ trustProxy: true })
})
afterAll(async () => {
  await t.close()
})

function login(email: string, password: string, ip: string, host = 'localhost') {
  return t.request('POST', '/api/login-mobile', {
    host,
    json: { email, password },
    headers: { ...EN, 'x-forwarded-for': `${ip}, 10.0.0.1` },
  })
}

function expectTooMany(res: Response, text: { message: string }) {
  expect(res.status).toBe(429)
  const retryAfter = Number(res.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS)
  expect(text.message).toBe(`Too many attempts. Please try again in ${retryAfter} seconds.`)
}

describe('login rate limit per email', () => {
  it(`blocks an address after ${LOGIN_MAX_PER_EMAIL} wrong passwords, even with the right one, from any client`, async () => {
    for (let i = 0; i < LOGIN_MAX_PER_EMAIL; i++) {
      expect((await login('staff@demo.test', `wrong-${i}-password`, '198.51.100.1')).status).toBe(400)
    }
    const blocked = await login('staff@demo.test', 'demo12345', '198.51.100.1')
    expectTooMany(blocked, await body(blocked))
    // Another client does not get around the per-address limit.
    const elsewhere = await login('STAFF@demo.test', 'demo12345', '198.51.100.2')
    expectTooMany(elsewhere, await body(elsewhere))
    // Other people of the same college still sign in from that client.
    expect((await login('admin@demo.test', 'demo12345', '198.51.100.1')).status).toBe(200)
  })

  it('does not block the same address on another college host', async () => {
    const betaId = await collegeIdOf(t.db, 'beta')
    const role = await t.db
      .selectFrom('roles')
      .select('id')
      .where('college_id', '=', betaId)
      .where('key', '=', 'staff')
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('users')
      .values({
        college_id: betaId,
        role_id: role.id,
        name: 'Sam',
        first_lastname: 'Shared',
        second_lastname: '',
        email: 'staff@demo.test',
        rut: '',
        phone: '',
        birthdate: '',
        avatar: null,
        password_hash: await hashPassword('beta-password-1'),
        locale: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute()
    expect((await login('staff@demo.test', 'demo12345', '198.51.100.3')).status).toBe(429)
    const beta = await login('staff@demo.test', 'beta-password-1', '198.51.100.3', 'beta.localhost')
    expect(beta.status).toBe(200)
    expect((await body(beta)).type).toBe('staff')
  })

  it('forgets earlier failures once the person signs in', async () => {
    for (let i = 0; i < LOGIN_MAX_PER_EMAIL - 1; i++) {
      expect((await login('student@demo.test', 'nope-nope', '198.51.100.4')).status).toBe(400)
    }
    expect((await login('student@demo.test', 'demo12345', '198.51.100.4')).status).toBe(200)
    for (let i = 0; i < LOGIN_MAX_PER_EMAIL - 1; i++) {
      expect((await login('student@demo.test', 'nope-nope', '198.51.100.4')).status).toBe(400)
    }
    expect((await login('student@demo.test', 'demo12345', '198.51.100.4')).status).toBe(200)
  })
})

describe('attempts sent at the same time', () => {
  it('are each counted before any password is checked: forty at once check five, the right one is refused', async () => {
    const wrong = Array.from({ length: 40 }, (_, i) =>
      login('student2@demo.test', `wrong-${i}-guess`, `198.51.100.${100 + (i % 50)}`),
    )
    const right = login('student2@demo.test', 'demo12345', '198.51.100.99')
    const answers = await Promise.all([...wrong, right])
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_MAX_PER_EMAIL)
    expect(statuses.filter((s) => s === 429)).toHaveLength(41 - LOGIN_MAX_PER_EMAIL)
    expect(statuses.filter((s) => s === 200)).toHaveLength(0)
  })
})

describe('limits are counted per college, not per host name', () => {
  it('shares one allowance between localhost and 127.0.0.1 of Colegio Demo', async () => {
    for (let i = 0; i < LOGIN_MAX_PER_EMAIL; i++) {
      const host = i % 2 ? '127.0.0.1' : 'localhost'
      expect((await login('company@demo.test', `wrong-${i}-password`, '198.51.100.200', host)).status).toBe(
        400,
      )
    }
    expect((await login('company@demo.test', 'demo12345', '198.51.100.201', '127.0.0.1')).status).toBe(429)
    expect((await login('company@demo.test', 'demo12345', '198.51.100.201', 'localhost')).status).toBe(429)
  })
})

describe('login rate limit per client', () => {
  it(`blocks a client after ${LOGIN_MAX_PER_CLIENT} failures spread over many addresses`, async () => {
    const ip = '203.0.113.9'
    for (let i = 0; i < LOGIN_MAX_PER_CLIENT; i++) {
      expect((await login(`nobody${i}@demo.test`, 'guess-guess', ip)).status).toBe(400)
    }
    const next = await login('nobody-else@demo.test', 'guess-guess', ip)
    expectTooMany(next, await body(next))
    // Even a correct sign-in from that client waits...
    expect((await login('guardian@demo.test', 'demo12345', ip)).status).toBe(429)
    // ...while the same person on another client signs in,
    expect((await login('guardian@demo.test', 'demo12345', '203.0.113.10')).status).toBe(200)
    // and the same client on another college is a separate count.
    expect((await login('guardian@beta.test', 'demo12345', ip, 'beta.localhost')).status).toBe(200)
  })
})

describe('password recovery rate limit', () => {
  it(`answers 429 after ${FORGOT_MAX_PER_EMAIL} requests for one address`, async () => {
    const ask = () =>
      t.request('POST', '/api/forgot-password-user', {
        json: { email: 'company@demo.test' },
        headers: { ...EN, 'x-forwarded-for': '192.0.2.50' },
      })
    for (let i = 0; i < FORGOT_MAX_PER_EMAIL; i++) expect((await ask()).status).toBe(200)
    const blocked = await ask()
    expectTooMany(blocked, await body(blocked))
  })
})
