// Who may read and change the college's people and roles: each endpoint, each role, both colleges.
// Nobody outside the college and nobody without the permission reads or changes anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, EN, userIdOf } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tok: Record<string, string> = {}
let guardianId: number
let studentId: number
let betaUserId: number
let betaToken: string
let ownerToken: string

beforeAll(async () => {
  t = await createTestApp()
  for (const who of ['admin', 'staff', 'guardian', 'student', 'company'])
    tok[who] = await t.login(`${who}@demo.test`)
  betaToken = await t.login('admin@beta.test', 'beta.localhost')
  ownerToken = await t.login('root@platform.test')
  guardianId = await userIdOf(t.db, 'guardian@demo.test', 'demo')
  studentId = await userIdOf(t.db, 'student@demo.test', 'demo')
  betaUserId = await userIdOf(t.db, 'guardian@beta.test', 'beta')
})
afterAll(async () => {
  await t.close()
})

const send = (method: string, path: string, token?: string, json?: unknown, host = 'localhost') =>
  t.request(method, path, { token, json, host, headers: EN })

type Call = { method: string; path: () => string; json?: () => unknown }

const READS: Call[] = [
  { method: 'GET', path: () => '/api/v1/users' },
  { method: 'GET', path: () => `/api/v1/users/${guardianId}` },
  { method: 'GET', path: () => '/api/v1/roles' },
]

// Bodies as a form sends them: the permission is checked before the body is read.
const WRITES: Call[] = [
  {
    method: 'POST',
    path: () => '/api/v1/users',
    json: () => ({ name: 'Nadie', email: 'nobody-new@demo.test', role_id: 1, send_welcome: false }),
  },
  {
    method: 'PUT',
    path: () => `/api/v1/users/${guardianId}`,
    json: () => ({ name: 'Gabriela', email: 'guardian@demo.test', role_id: 1 }),
  },
  { method: 'POST', path: () => `/api/v1/users/${guardianId}/deactivate` },
  { method: 'POST', path: () => `/api/v1/users/${guardianId}/reactivate` },
  { method: 'POST', path: () => `/api/v1/users/${guardianId}/password-reset` },
  {
    method: 'POST',
    path: () => `/api/v1/users/${guardianId}/students`,
    json: () => ({ student_id: studentId }),
  },
  { method: 'DELETE', path: () => `/api/v1/users/${guardianId}/students/${studentId}` },
  {
    method: 'POST',
    path: () => '/api/v1/users/bulk',
    json: () => ({ action: 'deactivate', ids: [guardianId] }),
  },
  { method: 'POST', path: () => '/api/v1/users/import/preview' },
  { method: 'POST', path: () => '/api/v1/users/import' },
  { method: 'POST', path: () => '/api/v1/roles', json: () => ({ name: 'Nuevo', permissions: [] }) },
  { method: 'PUT', path: () => '/api/v1/roles/1', json: () => ({ name: 'Admin', permissions: [] }) },
  { method: 'DELETE', path: () => '/api/v1/roles/1' },
]

describe('without signing in', () => {
  it.each([...READS, ...WRITES].map((c) => [`${c.method} ${c.path.toString()}`, c] as const))(
    '%s answers 401',
    async (_name, call) => {
      const res = await send(call.method, call.path(), undefined, call.json?.())
      expect(res.status).toBe(401)
    },
  )
})

describe('people of the college without the permission', () => {
  it('guardians, students and companies read nothing and change nothing (403)', async () => {
    for (const who of ['guardian', 'student', 'company']) {
      for (const call of [...READS, ...WRITES]) {
        const res = await send(call.method, call.path(), tok[who], call.json?.())
        expect(res.status, `${who} ${call.method} ${call.path()}`).toBe(403)
        expect((await body(res)).message).toBe('You do not have permission to do this.')
      }
    }
  })

  it('staff read people and roles but change nothing', async () => {
    for (const call of READS) expect((await send(call.method, call.path(), tok.staff)).status).toBe(200)
    for (const call of WRITES) {
      const res = await send(call.method, call.path(), tok.staff, call.json?.())
      expect(res.status, `${call.method} ${call.path()}`).toBe(403)
    }
    const guardian = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', guardianId)
      .executeTakeFirstOrThrow()
    expect(guardian.deactivated_at).toBeNull()
  })
})

describe('another college', () => {
  it("a demo token does not work on the other college's host, nor the other way round", async () => {
    expect((await send('GET', '/api/v1/users', tok.admin, undefined, 'beta.localhost')).status).toBe(401)
    expect((await send('GET', '/api/v1/users', betaToken)).status).toBe(401)
  })

  it("an admin of another college cannot reach this college's people by id (404) nor list them", async () => {
    for (const call of [
      { method: 'GET', path: `/api/v1/users/${guardianId}` },
      {
        method: 'PUT',
        path: `/api/v1/users/${guardianId}`,
        json: { name: 'X', email: 'x@beta.test', role_id: 1 },
      },
      { method: 'POST', path: `/api/v1/users/${guardianId}/deactivate` },
      { method: 'POST', path: `/api/v1/users/${guardianId}/password-reset` },
    ]) {
      const res = await send(call.method, call.path, betaToken, call.json, 'beta.localhost')
      expect(res.status, `${call.method} ${call.path}`).toBe(404)
    }
    const list = await body(
      await send('GET', '/api/v1/users?limit=100', betaToken, undefined, 'beta.localhost'),
    )
    expect(list.data.map((u: { email: string }) => u.email)).not.toContain('guardian@demo.test')
    expect(list.data.length).toBeGreaterThan(0)
    const bulk = await send(
      'POST',
      '/api/v1/users/bulk',
      betaToken,
      { action: 'deactivate', ids: [guardianId] },
      'beta.localhost',
    )
    expect(await body(bulk)).toEqual({ updated: 0, skipped: 1 })
    const guardian = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', guardianId)
      .executeTakeFirstOrThrow()
    expect(guardian.deactivated_at).toBeNull()
  })

  it("a demo admin cannot link another college's student, nor give another college's role", async () => {
    const link = await send('POST', `/api/v1/users/${guardianId}/students`, tok.admin, {
      student_id: betaUserId,
    })
    expect(link.status).toBe(422)
    const betaRole = await t.db
      .selectFrom('roles')
      .innerJoin('colleges', 'colleges.id', 'roles.college_id')
      .select('roles.id')
      .where('colleges.slug', '=', 'beta')
      .where('roles.key', '=', 'guardian')
      .executeTakeFirstOrThrow()
    const create = await send('POST', '/api/v1/users', tok.admin, {
      name: 'Cruzado',
      email: 'cross@demo.test',
      role_id: betaRole.id,
      send_welcome: false,
    })
    expect(create.status).toBe(422)
    expect((await body(create)).errors).toEqual({
      role_id: ['This role no longer exists. Please choose another.'],
    })
  })

  it('the platform owner is not a member of a college: 403 on college people', async () => {
    const res = await send('GET', '/api/v1/users', ownerToken)
    expect(res.status).toBe(403)
  })
})
