import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '#shared/roles.schema.ts'
import { body, collegeIdOf } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const UNAUTHENTICATED = { message: 'Unauthenticated.' }

describe('GET /api/v1/user', () => {
  it("answers the signed-in administrator's profile, role and permissions", async () => {
    const token = await t.login('admin@demo.test')
    const res = await t.request('GET', '/api/v1/user', { token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const user = await body(res)
    expect(user).toMatchObject({
      college_id: await collegeIdOf(t.db, 'demo'),
      name: 'Ana',
      first_lastname: 'Administradora',
      second_lastname: '',
      email: 'admin@demo.test',
      rut: '11.111.111-1',
      phone: '',
      birthdate: '',
      avatar: null,
      avatar_url: null,
      role: 'admin',
      type: 'admin',
      locale: null,
    })
    expect(typeof user.id).toBe('number')
    expect(user.permissions).toContain('users.manage')
    expect(user.permissions).not.toContain('platform.manage')
    // Secrets never leave the server.
    expect(JSON.stringify(user)).not.toMatch(/password|scrypt/)
  })

  it('answers a guardian without administration permissions', async () => {
    const token = await t.login('guardian@demo.test')
    const user = await body(await t.request('GET', '/api/v1/user', { token }))
    expect(user.type).toBe('guardian')
    expect(user.permissions).toEqual(expect.arrayContaining(['messages.send', 'fees.view']))
    expect(user.permissions).not.toContain('users.manage')
  })

  it('follows permission changes made to the role', async () => {
    const token = await t.login('student@demo.test')
    const before = await body(await t.request('GET', '/api/v1/user', { token }))
    expect(before.permissions).not.toContain('fees.view')
    // The administrator gives the student role a permission: the very next request has it, though
    // the server keeps a signed-in user's permissions for a few seconds.
    const admin = await t.login('admin@demo.test')
    const roles = await body<{ data: Role[] }>(await t.request('GET', '/api/v1/roles', { token: admin }))
    const student = roles.data.find((r) => r.key === 'student')!
    const res = await t.request('PUT', `/api/v1/roles/${student.id}`, {
      token: admin,
      json: { name: student.name, permissions: [...student.permissions, 'fees.view'] },
    })
    expect(res.status).toBe(200)
    const after = await body(await t.request('GET', '/api/v1/user', { token }))
    expect(after.permissions).toContain('fees.view')
  })

  it('answers the platform owner on the platform host, without a college', async () => {
    const token = await t.login('root@platform.test')
    const user = await body(await t.request('GET', '/api/v1/user', { token }))
    expect(user).toMatchObject({ email: 'root@platform.test', college_id: null, type: 'superadmin' })
    expect(user.permissions).toContain('platform.manage')
  })

  it('answers 401 "Unauthenticated." without a token', async () => {
    const res = await t.request('GET', '/api/v1/user')
    expect(res.status).toBe(401)
    expect(await body(res)).toEqual(UNAUTHENTICATED)
  })

  it.each([
    ['a made-up token', 'Bearer not-a-real-token-at-all'],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic YWRtaW5AZGVtby50ZXN0OmRlbW8xMjM0NQ=='],
  ])('answers 401 for %s', async (_case, authorization) => {
    const res = await t.request('GET', '/api/v1/user', { headers: { authorization } })
    expect(res.status).toBe(401)
    expect(await body(res)).toEqual(UNAUTHENTICATED)
  })

  it("answers 401 for a Colegio Demo token sent to Beta College's host", async () => {
    const token = await t.login('admin@demo.test')
    const res = await t.request('GET', '/api/v1/user', { host: 'beta.localhost', token })
    expect(res.status).toBe(401)
    expect(await body(res)).toEqual(UNAUTHENTICATED)
    // The same token still works at home.
    expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(200)
  })

  it("answers 401 for the platform owner's token on a college host that is not a platform host", async () => {
    const token = await t.login('root@platform.test')
    const res = await t.request('GET', '/api/v1/user', { host: 'beta.localhost', token })
    expect(res.status).toBe(401)
  })
})
