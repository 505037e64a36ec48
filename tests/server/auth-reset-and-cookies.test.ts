import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPasswordReset } from '#server/platform/password-links.ts'
import { userIdOf } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ trustProxy: true })
})
afterAll(async () => {
  await t.close()
})

describe('a password reset link', () => {
  it('works once, even when it is used several times at the same moment', async () => {
    const id = await userIdOf(t.db, 'student@demo.test')
    const token = await createPasswordReset(t.db, {
      id,
      college_id: (
        await t.db.selectFrom('users').select('college_id').where('id', '=', id).executeTakeFirstOrThrow()
      ).college_id,
    })
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request('POST', '/api/reset-password', {
          json: {
            token,
            email: 'student@demo.test',
            password: `new-secret-${i}`,
            password_confirmation: `new-secret-${i}`,
          },
        }),
      ),
    )
    const statuses = attempts.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 422)).toHaveLength(5)
    // The one that went through is the password that works now.
    const winner = statuses.indexOf(200)
    expect(
      (
        await t.request('POST', '/api/login-mobile', {
          json: { email: 'student@demo.test', password: `new-secret-${winner}` },
        })
      ).status,
    ).toBe(200)
  })
})

describe('the XSRF-TOKEN cookie', () => {
  it('is Secure when the page came over HTTPS through the trusted proxy, and not over plain HTTP', async () => {
    const https = await t.request('GET', '/sanctum/csrf-cookie', {
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(https.headers.get('set-cookie')).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/)
    const http = await t.request('GET', '/sanctum/csrf-cookie')
    expect(http.headers.get('set-cookie')).not.toMatch(/Secure/)
  })

  it('is Secure when the request itself was HTTPS', async () => {
    const res = await t.app.request('https://localhost/sanctum/csrf-cookie', {
      headers: { host: 'localhost' },
    })
    expect(res.headers.get('set-cookie')).toMatch(/Secure/)
  })
})
