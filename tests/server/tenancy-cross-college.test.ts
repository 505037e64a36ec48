// No endpoint lets a token of one college read or change anything through another college's host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body } from './helpers/http.ts'
import { makeImage } from './helpers/images.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

type Call = { method: string; path: string; json?: unknown; form?: () => Promise<FormData> }

/** Every endpoint that needs a signed-in user, with a body that would succeed at home. */
function authenticatedCalls(email: string): Call[] {
  return [
    { method: 'GET', path: '/api/v1/user' },
    {
      method: 'POST',
      path: '/api/v1/users/update/profile',
      form: async () => {
        const form = new FormData()
        form.set('_method', 'PUT')
        form.set('name', 'Intruder')
        form.set('email', email)
        form.set(
          'avatar',
          new Blob([new Uint8Array(await makeImage('png', 64, 64))], { type: 'image/png' }),
          'a.png',
        )
        return form
      },
    },
    { method: 'POST', path: '/api/v1/users/update/profile', json: { name: 'Intruder', email } },
    {
      method: 'PUT',
      path: '/api/v1/users/update/password',
      json: {
        current_password: 'demo12345',
        password: 'intruder-123',
        password_confirmation: 'intruder-123',
      },
    },
    { method: 'GET', path: '/api/v1/session/college' },
    { method: 'GET', path: '/api/v1/notifications' },
    { method: 'GET', path: '/api/v1/notifications?limit=1' },
    { method: 'POST', path: '/api/logout-mobile' },
  ]
}

/** Everything a request could have changed, read straight from the database. */
async function snapshot() {
  const [colleges, users, tokens, notifications, resets, audit, permissions] = await Promise.all([
    t.db.selectFrom('colleges').selectAll().orderBy('id').execute(),
    t.db.selectFrom('users').selectAll().orderBy('id').execute(),
    t.db.selectFrom('access_tokens').selectAll().orderBy('id').execute(),
    t.db.selectFrom('notifications').selectAll().orderBy('id').execute(),
    t.db.selectFrom('password_resets').selectAll().orderBy('id').execute(),
    t.db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
    t.db.selectFrom('role_permissions').selectAll().orderBy('id').execute(),
  ])
  return { colleges, users, tokens, notifications, resets, audit, permissions }
}

async function sweep(token: string, email: string, host: string) {
  for (const call of authenticatedCalls(email)) {
    const res = await t.request(call.method, call.path, {
      host,
      token,
      json: call.json,
      body: call.form ? await call.form() : undefined,
    })
    expect({ call: `${call.method} ${call.path}`, status: res.status }).toEqual({
      call: `${call.method} ${call.path}`,
      status: 401,
    })
    expect(await body(res)).toEqual({ message: 'Unauthenticated.' })
  }
}

describe('a token used on another college host', () => {
  it('gets 401 from every authenticated endpoint on Beta College and changes nothing', async () => {
    const demoAdmin = await t.login('admin@demo.test')
    const demoGuardian = await t.login('guardian@demo.test')
    const before = await snapshot()
    await sweep(demoAdmin, 'admin@demo.test', 'beta.localhost')
    await sweep(demoGuardian, 'guardian@beta.test', 'beta.localhost')
    expect(await snapshot()).toEqual(before)
    // The tokens were neither revoked nor touched: they still work at home.
    for (const token of [demoAdmin, demoGuardian]) {
      expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(200)
    }
  })

  it('gets 401 from every authenticated endpoint on Colegio Demo and changes nothing', async () => {
    const betaAdmin = await t.login('admin@beta.test', 'beta.localhost')
    const before = await snapshot()
    await sweep(betaAdmin, 'admin@beta.test', 'localhost')
    expect(await snapshot()).toEqual(before)
    expect(
      (await t.request('GET', '/api/v1/user', { host: 'beta.localhost', token: betaAdmin })).status,
    ).toBe(200)
  })

  it("keeps the platform owner's token to platform hosts", async () => {
    const root = await t.login('root@platform.test')
    const before = await snapshot()
    await sweep(root, 'root@platform.test', 'beta.localhost')
    expect(await snapshot()).toEqual(before)
  })

  it('recognises its own college host whatever the port or letter case', async () => {
    const betaAdmin = await t.login('admin@beta.test', 'beta.localhost')
    const res = await t.request('GET', '/api/v1/user', { host: 'BETA.localhost:3000', token: betaAdmin })
    expect(res.status).toBe(200)
    expect((await body(res)).email).toBe('admin@beta.test')
  })

  it('ignores X-Forwarded-Host when the proxy is not trusted', async () => {
    const betaAdmin = await t.login('admin@beta.test', 'beta.localhost')
    const res = await t.request('GET', '/api/v1/user', {
      token: betaAdmin,
      headers: { 'x-forwarded-host': 'beta.localhost' },
    })
    expect(res.status).toBe(401)
    const domain = await t.request('POST', '/api/colleges/domain', {
      headers: { 'x-forwarded-host': 'beta.localhost' },
    })
    expect((await body(domain)).name).toBe('Colegio Demo')
  })
})
