import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('POST /api/login-mobile', () => {
  it.each([
    ['admin@demo.test', 'admin'],
    ['staff@demo.test', 'staff'],
    ['guardian@demo.test', 'guardian'],
    ['student@demo.test', 'student'],
    ['company@demo.test', 'company'],
  ])('signs in %s and answers its role as the type', async (email, type) => {
    const res = await t.request('POST', '/api/login-mobile', { json: { email, password: 'demo12345' } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { token: string; type: string }
    expect(body.type).toBe(type)
    expect(body.token).toMatch(/^[\w-]{40,}$/)
  })

  it('stores only a hash of the token', async () => {
    const token = await t.login('staff@demo.test')
    const rows = await t.db.selectFrom('access_tokens').select('token_hash').execute()
    expect(rows.some((r) => r.token_hash === token)).toBe(false)
    expect(rows.every((r) => /^[a-f0-9]{64}$/.test(r.token_hash))).toBe(true)
  })

  it('answers 400 with a message for a wrong password', async () => {
    const res = await t.request('POST', '/api/login-mobile', {
      headers: { 'accept-language': 'en' },
      json: { email: 'guardian@demo.test', password: 'wrong-password' },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'These credentials do not match our records.' })
  })

  it('answers 400 for an account of another college', async () => {
    const res = await t.request('POST', '/api/login-mobile', {
      host: 'beta.localhost',
      json: { email: 'admin@demo.test', password: 'demo12345' },
    })
    expect(res.status).toBe(400)
  })

  it('answers 422 with field errors for missing or malformed fields, in the request language', async () => {
    const res = await t.request('POST', '/api/login-mobile', {
      headers: { 'accept-language': 'en' },
      json: { email: 'not-an-email' },
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> }
    expect(body.errors.email).toEqual(['Please enter a valid email address'])
    expect(body.errors.password).toEqual(['field required.'])
  })

  it('signs the platform owner in on a platform host only', async () => {
    const ok = await t.request('POST', '/api/login-mobile', {
      json: { email: 'root@platform.test', password: 'demo12345' },
    })
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as { type: string }).type).toBe('superadmin')
    const beta = await t.request('POST', '/api/login-mobile', {
      host: 'beta.localhost',
      json: { email: 'root@platform.test', password: 'demo12345' },
    })
    expect(beta.status).toBe(400)
  })

  it('does not tell a college user that an address belongs to the platform: they are separate address books', async () => {
    const token = await t.login('company@demo.test')
    const update = await t.request('POST', '/api/v1/users/update/profile', {
      token,
      headers: { 'accept-language': 'en' },
      json: { name: 'Carla', email: 'root@platform.test' },
    })
    expect(update.status).toBe(200)
    // Within one college an address is still one person's.
    const taken = await t.request('POST', '/api/v1/users/update/profile', {
      token,
      headers: { 'accept-language': 'en' },
      json: { name: 'Carla', email: 'admin@demo.test' },
    })
    expect(((await taken.json()) as { errors: Record<string, string[]> }).errors.email).toEqual([
      'This email address is already in use',
    ])
  })

  it('keeps the platform owner able to sign in on a platform host whatever a college user calls themselves', async () => {
    const p = await createTestApp({ platformHosts: ['localhost', 'platform.localhost'] })
    try {
      const token = await p.login('company@demo.test')
      await p.request('POST', '/api/v1/users/update/profile', {
        token,
        json: { name: 'Carla', email: 'root@platform.test' },
      })
      const owner = await p.request('POST', '/api/login-mobile', {
        host: 'platform.localhost',
        json: { email: 'root@platform.test', password: 'demo12345' },
      })
      expect(((await owner.json()) as { type: string }).type).toBe('superadmin')
    } finally {
      await p.close()
    }
  })
})
