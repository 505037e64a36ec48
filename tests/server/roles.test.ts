// Roles: the built-in ones stay, an admin creates, renames and deletes others and chooses their
// permissions; a permission given or taken works on the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLEGE_PERMISSIONS, type Role } from '#shared/roles.schema.ts'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { postInput } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let admin: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin@demo.test')
})
afterAll(async () => {
  await t.close()
})

const send = (method: string, path: string, json?: unknown, token = admin) =>
  t.request(method, path, { token, json, headers: EN })
const roles = async () => (await body<{ data: Role[] }>(await send('GET', '/api/v1/roles'))).data
const byKey = async (key: string) => (await roles()).find((r) => r.key === key)!

describe('the list', () => {
  it('has the built-in roles with their permissions and how many people hold each', async () => {
    const list = await roles()
    expect(list.map((r) => [r.key, r.built_in, r.holders])).toEqual([
      ['admin', true, 1],
      ['staff', true, 1],
      ['guardian', true, 1],
      ['student', true, 2],
      ['company', true, 1],
    ])
    expect((await byKey('admin')).permissions.sort()).toEqual([...COLLEGE_PERMISSIONS].sort())
    expect((await byKey('guardian')).permissions.sort()).toEqual(['fees.view', 'messages.send'])
  })
})

describe('creating, renaming and deleting', () => {
  it('creates a role with permissions, renames it, and deletes it once nobody holds it', async () => {
    const created = await send('POST', '/api/v1/roles', {
      name: 'Inspectoría',
      permissions: ['users.view', 'posts.publish'],
    })
    expect(created.status).toBe(201)
    const role = await body<Role>(created)
    expect(role).toMatchObject({ key: `custom-${role.id}`, name: 'Inspectoría', built_in: false, holders: 0 })
    expect(role.permissions.sort()).toEqual(['posts.publish', 'users.view'])

    const renamed = await send('PUT', `/api/v1/roles/${role.id}`, {
      name: 'Inspectoría general',
      permissions: ['users.view'],
    })
    expect(await body<Role>(renamed)).toMatchObject({
      name: 'Inspectoría general',
      permissions: ['users.view'],
    })

    expect((await send('DELETE', `/api/v1/roles/${role.id}`)).status).toBe(204)
    expect((await roles()).find((r) => r.id === role.id)).toBeUndefined()
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'role')
      .where('subject_id', '=', String(role.id))
      .orderBy('id')
      .execute()
    expect(actions.map((a) => a.action)).toEqual(['role.created', 'role.updated', 'role.deleted'])
  })

  it('refuses a name in use (whatever its case), no name, and permissions that do not exist', async () => {
    await send('POST', '/api/v1/roles', { name: 'Biblioteca', permissions: [] })
    for (const [json, errors] of [
      [{ name: 'BIBLIOTECA' }, { name: ['A role with this name already exists'] }],
      [{ name: '  ' }, { name: ['field required.'] }],
      [{ name: 'Otra', permissions: ['platform.manage'] }, { permissions: ['Unknown permission'] }],
      [{ name: 'Otra', permissions: ['fly'] }, { permissions: ['Unknown permission'] }],
    ] as const) {
      const res = await send('POST', '/api/v1/roles', json)
      expect(res.status, JSON.stringify(json)).toBe(422)
      expect((await body<ErrorBody>(res)).errors).toEqual(errors)
    }
  })

  it('keeps the built-in roles: they cannot be deleted, and a role someone holds cannot either', async () => {
    const guardian = await byKey('guardian')
    const res = await send('DELETE', `/api/v1/roles/${guardian.id}`)
    expect(res.status).toBe(409)
    expect((await body(res)).message).toBe('Built-in roles cannot be deleted')

    const held = await body<Role>(await send('POST', '/api/v1/roles', { name: 'Portería', permissions: [] }))
    const person = await userIdOf(t.db, 'company@demo.test', 'demo')
    const company = await byKey('company')
    await send('POST', '/api/v1/users/bulk', { action: 'set_role', ids: [person], role_id: held.id })
    const refused = await send('DELETE', `/api/v1/roles/${held.id}`)
    expect(refused.status).toBe(409)
    expect((await body(refused)).message).toBe(
      'People still hold this role (1). Give them another role before deleting it.',
    )
    await send('POST', '/api/v1/users/bulk', { action: 'set_role', ids: [person], role_id: company.id })
    expect((await send('DELETE', `/api/v1/roles/${held.id}`)).status).toBe(204)
  })

  it('keeps every permission on the administrator role, and its name', async () => {
    const adminRole = await byKey('admin')
    const res = await send('PUT', `/api/v1/roles/${adminRole.id}`, {
      name: 'Jefe',
      permissions: ['users.view'],
    })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({
      permissions: ['The administrator role always has every permission'],
    })
    const same = await send('PUT', `/api/v1/roles/${adminRole.id}`, {
      name: 'Jefe',
      permissions: COLLEGE_PERMISSIONS,
    })
    expect(same.status).toBe(200)
    expect((await byKey('admin')).name).toBe('Admin')
  })
})

describe('permissions take effect', () => {
  it('a guardian role given posts.publish lets a guardian publish, and taking it back stops them', async () => {
    const guardianToken = await t.login('guardian@demo.test')
    const guardianRole = await byKey('guardian')
    const publish = () => send('POST', '/api/v1/posts', postInput(), guardianToken)
    expect((await publish()).status).toBe(403)
    const before = await t.db
      .selectFrom('users')
      .select('sync_epoch')
      .where('email', '=', 'guardian@demo.test')
      .executeTakeFirstOrThrow()
    await send('PUT', `/api/v1/roles/${guardianRole.id}`, {
      name: guardianRole.name,
      permissions: [...guardianRole.permissions, 'posts.publish'],
    })
    expect((await publish()).status).toBe(201)
    // Posts for every course are now visible to them: their mirror starts over.
    const after = await t.db
      .selectFrom('users')
      .select('sync_epoch')
      .where('email', '=', 'guardian@demo.test')
      .executeTakeFirstOrThrow()
    expect(after.sync_epoch).toBeGreaterThan(before.sync_epoch)
    await send('PUT', `/api/v1/roles/${guardianRole.id}`, {
      name: guardianRole.name,
      permissions: guardianRole.permissions,
    })
    expect((await publish()).status).toBe(403)
  })
})
