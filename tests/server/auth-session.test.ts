import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, EN } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('GET /sanctum/csrf-cookie', () => {
  it('hands the browser an XSRF-TOKEN cookie and no content', async () => {
    const res = await t.request('GET', '/sanctum/csrf-cookie')
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{20,};/)
    expect(cookie).toContain('Path=/')
    expect(cookie).toMatch(/SameSite=Lax/i)
  })

  it('gives a different token each time', async () => {
    const first = (await t.request('GET', '/sanctum/csrf-cookie')).headers.get('set-cookie')
    const second = (await t.request('GET', '/sanctum/csrf-cookie')).headers.get('set-cookie')
    expect(first).not.toBe(second)
  })
})

describe('POST /api/logout-mobile', () => {
  it('signs out the phone that asks, and only that phone', async () => {
    const phone = await t.login('guardian@demo.test')
    const tablet = await t.login('guardian@demo.test')
    expect((await t.request('GET', '/api/v1/user', { token: phone })).status).toBe(200)

    const res = await t.request('POST', '/api/logout-mobile', { token: phone, headers: EN })
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({ message: 'You have been signed out.' })

    const after = await t.request('GET', '/api/v1/user', { token: phone })
    expect(after.status).toBe(401)
    expect(await body(after)).toEqual({ message: 'Unauthenticated.' })

    const other = await t.request('GET', '/api/v1/user', { token: tablet })
    expect(other.status).toBe(200)
    expect((await body(other)).email).toBe('guardian@demo.test')
  })

  it('records the sign-out in the audit log', async () => {
    const token = await t.login('staff@demo.test')
    await t.request('POST', '/api/logout-mobile', { token })
    const rows = await t.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.actor_id')
      .select(['audit_log.action'])
      .where('users.email', '=', 'staff@demo.test')
      .where('audit_log.action', '=', 'auth.logout')
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('cannot be used twice with the same token', async () => {
    const token = await t.login('student@demo.test')
    expect((await t.request('POST', '/api/logout-mobile', { token })).status).toBe(200)
    const again = await t.request('POST', '/api/logout-mobile', { token })
    expect(again.status).toBe(401)
    expect(await body(again)).toEqual({ message: 'Unauthenticated.' })
  })

  it('answers 401 without a token', async () => {
    const res = await t.request('POST', '/api/logout-mobile')
    expect(res.status).toBe(401)
    expect(await body(res)).toEqual({ message: 'Unauthenticated.' })
  })
})
