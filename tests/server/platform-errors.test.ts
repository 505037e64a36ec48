import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '#server/app.ts'
import type { Database } from '#server/db/schema.ts'
import { body, EN, type ErrorBody } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = await t.login('staff@demo.test')
})
afterAll(async () => {
  await t.close()
})

function raw(method: string, path: string, text: string, headers: Record<string, string> = {}) {
  return t.request(method, path, {
    token,
    body: text,
    headers: { ...EN, 'content-type': 'application/json', ...headers },
  })
}

function expectNoStack(text: string) {
  expect(text).not.toMatch(/\n\s+at |\.ts:\d+|node_modules|Error:/)
}

describe('malformed and oversized bodies', () => {
  it.each([
    ['POST', '/api/login-mobile'],
    ['POST', '/api/forgot-password-user'],
    ['POST', '/api/reset-password'],
    ['POST', '/api/v1/users/update/profile'],
    ['PUT', '/api/v1/users/update/password'],
    ['POST', '/api/colleges/domain'],
  ])('%s %s answers 400 JSON for malformed JSON', async (method, path) => {
    const res = await raw(method, path, '{"email": "admin@demo.test", "password": ')
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('application/json')
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ message: 'The request body is not valid JSON.' })
    expectNoStack(text)
  })

  it('answers 400, not 500, for a multipart body that cannot be read', async () => {
    const res = await raw('POST', '/api/v1/users/update/profile', 'this is not multipart at all', {
      'content-type': 'multipart/form-data; boundary=----nothing-here',
    })
    expect(res.status).toBe(400)
    expect(await body(res)).toEqual({ message: 'The given data was invalid.' })
  })

  it('answers 413 for a JSON body over 1 MB', async () => {
    const password = 'x'.repeat(1024 * 1024 + 10)
    const res = await raw('POST', '/api/login-mobile', JSON.stringify({ email: 'admin@demo.test', password }))
    expect(res.status).toBe(413)
    expect(await body(res)).toEqual({ message: 'The request is too large.' })
  })

  it('answers 422 with field errors for fields of the wrong type', async () => {
    const res = await raw('POST', '/api/login-mobile', JSON.stringify({ email: 123, password: [] }))
    expect(res.status).toBe(422)
    expect(await body(res)).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['Please enter a valid email address'], password: ['field required.'] },
    })
  })

  it.each(['[1, 2, 3]', '"admin@demo.test"', 'null', '42'])(
    'reads a JSON %s that is not an object as no fields',
    async (text) => {
      const res = await raw('POST', '/api/login-mobile', text)
      expect(res.status).toBe(422)
      expect(Object.keys((await body<ErrorBody>(res)).errors ?? {}).sort()).toEqual(['email', 'password'])
    },
  )
})

describe('unknown addresses', () => {
  it.each([
    ['GET', '/api/v1/whatever'],
    ['POST', '/api/v1/whatever'],
    ['DELETE', '/api/v1/user'],
    ['GET', '/api/'],
  ])('%s %s answers 404 JSON', async (method, path) => {
    const res = await t.request(method, path, { token, headers: EN })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await body(res)).toEqual({ message: 'Not found.' })
  })

  it.each([
    ['POST', '/api/login-mobile', { email: 'admin@demo.test', password: 'demo12345' }],
    ['POST', '/api/forgot-password-user', { email: 'admin@demo.test' }],
    [
      'POST',
      '/api/reset-password',
      { token: 'x', email: 'admin@demo.test', password: 'abcdefgh1', password_confirmation: 'abcdefgh1' },
    ],
    ['POST', '/api/colleges/domain', {}],
    ['GET', '/api/v1/user', undefined],
    ['GET', '/api/v1/whatever', undefined],
  ])('a host no college uses gets 404 on %s %s', async (method, path, json) => {
    const res = await t.request(method, path, { host: 'nowhere.test', json, headers: EN })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect((await body(res)).message).toEqual(expect.any(String))
  })
})

describe('server errors', () => {
  it('answer 500 with a message and a request id, never a stack trace', async () => {
    // A database that fails on every query, behind the real app.
    const failing = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'selectFrom') {
          return () => {
            throw new Error('connection lost at /srv/app/src/server/db/secret-path.ts:12')
          }
        }
        return Reflect.get(target, prop, receiver)
      },
    }) as Kysely<Database>
    const app = createApp({ db: failing, dialect: t.dialect, config: t.config, storage: t.storage })
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      const res = await app.request('http://localhost/api/v1/user', {
        headers: { authorization: `Bearer ${token}`, ...EN },
      })
      expect(res.status).toBe(500)
      const text = await res.text()
      expectNoStack(text)
      expect(text).not.toContain('secret-path')
      const error = JSON.parse(text)
      expect(error).toEqual({
        message: 'Something went wrong on our side. Please try again in a moment.',
        request_id: res.headers.get('x-request-id'),
      })
      expect(res.headers.get('content-security-policy')).toBeTruthy()
      // The details go to the log, under the same request id.
      const logged = stderr.mock.calls.map((c) => String(c[0])).join('')
      expect(logged).toContain(error.request_id)
      expect(logged).toContain('secret-path')
    } finally {
      stderr.mockRestore()
    }
  })
})

describe('headers on every answer', () => {
  it.each([
    ['a page', 'GET', '/app/profile', 'localhost'],
    ['the unknown-host page', 'GET', '/', 'nowhere.test'],
    ['the manifest', 'GET', '/manifest.webmanifest', 'localhost'],
  ])('%s carries the page security headers and a request id', async (_case, method, path, host) => {
    const res = await t.request(method, path, { host, token })
    const csp = res.headers.get('content-security-policy') ?? ''
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
    expect(scriptSrc).toContain("'self'")
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(scriptSrc).not.toContain("'unsafe-eval'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('strict-transport-security')).toContain('max-age=')
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it.each([
    ['an API answer', '/api/v1/user'],
    ['an API error', '/api/v1/nothing'],
  ])('%s lets nothing load, run or frame it, and carries a request id', async (_case, path) => {
    const res = await t.request('GET', path, { token })
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(res.headers.get('strict-transport-security')).toContain('max-age=')
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('gives each request its own id', async () => {
    const a = await t.request('GET', '/api/v1/user', { token })
    const b = await t.request('GET', '/api/v1/user', { token })
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'))
  })

  it('never lets API answers be cached', async () => {
    for (const path of ['/api/v1/user', '/api/v1/missing']) {
      expect((await t.request('GET', path, { token })).headers.get('cache-control')).toBe('no-store')
    }
  })
})
