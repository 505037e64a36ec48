// The platform owner creates a college with its host names and first administrator, and suspends and
// resumes colleges: a suspended college's people get a clear answer, and nothing is deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlatformCollege } from '#shared/platform.schema.ts'
import { body, EN, type ErrorBody } from './helpers/http.ts'
import { existingMailFiles, waitForMailFile } from './helpers/mail.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let owner: string

beforeAll(async () => {
  t = await createTestApp()
  owner = await t.login('root@platform.test')
})
afterAll(async () => {
  await t.close()
})

const send = (method: string, path: string, json?: unknown, token = owner, host = 'localhost') =>
  t.request(method, path, { token, json, host, headers: EN })

const NEW_COLLEGE = {
  name: 'Liceo Bicentenario',
  slug: 'liceo-bicentenario',
  hosts: ['liceo.localhost', 'Liceo.Example.CL'],
  language: 'es',
  admin_name: 'Rosa Fuentes',
  admin_email: 'rosa@liceo.test',
}

describe('the list of colleges', () => {
  it('shows every college with its host names and people, to the platform owner only', async () => {
    const list = await body<{ data: PlatformCollege[] }>(await send('GET', '/api/v1/platform/colleges'))
    expect(list.data.map((c) => [c.name, c.hosts])).toEqual([
      ['Beta College', ['beta.localhost']],
      ['Colegio Demo', ['localhost', '127.0.0.1']],
    ])
    expect(list.data[1]!.people).toBe(6)
    const admin = await t.login('admin@demo.test')
    expect((await send('GET', '/api/v1/platform/colleges', undefined, admin)).status).toBe(403)
    // The owner's token works on platform hosts only.
    expect((await send('GET', '/api/v1/platform/colleges', undefined, owner, 'beta.localhost')).status).toBe(
      401,
    )
  })
})

describe('creating a college', () => {
  it('refuses host names already used or malformed, a slug in use, and a missing administrator', async () => {
    const res = await send('POST', '/api/v1/platform/colleges', {
      ...NEW_COLLEGE,
      slug: 'demo',
      hosts: ['beta.localhost'],
      admin_name: '',
    })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({
      admin_name: ['Your name is required'],
    })
    const taken = await send('POST', '/api/v1/platform/colleges', {
      ...NEW_COLLEGE,
      slug: 'demo',
      hosts: ['beta.localhost'],
    })
    expect((await body<ErrorBody>(taken)).errors).toEqual({
      hosts: ['Another college already uses beta.localhost'],
      slug: ['Another college already uses this short name'],
    })
    const malformed = await send('POST', '/api/v1/platform/colleges', {
      ...NEW_COLLEGE,
      hosts: ['https://liceo.cl/app'],
    })
    expect((await body<ErrorBody>(malformed)).errors).toEqual({
      'hosts.0': ['Please enter a host name such as colegio.example.cl, without https:// or a path'],
    })
    const none = await send('POST', '/api/v1/platform/colleges', { ...NEW_COLLEGE, hosts: [] })
    expect((await body<ErrorBody>(none)).errors).toEqual({ hosts: ['Please enter at least one host name'] })
  })

  it('creates it with its roles and first administrator, who sets a password from the mail and signs in on its host', async () => {
    const seen = await existingMailFiles(t.dataDir)
    const res = await send('POST', '/api/v1/platform/colleges', NEW_COLLEGE)
    expect(res.status, await res.clone().text()).toBe(201)
    expect(await body<PlatformCollege>(res)).toMatchObject({
      name: 'Liceo Bicentenario',
      hosts: ['liceo.localhost', 'liceo.example.cl'],
      language: 'es',
      suspended_at: null,
      people: 1,
    })
    const domain = await body(await t.request('POST', '/api/colleges/domain', { host: 'liceo.example.cl' }))
    expect(domain).toMatchObject({ name: 'Liceo Bicentenario', domain: { language: 'es' } })

    const mail = await waitForMailFile(t.dataDir, 'rosa@liceo.test', seen)
    const link = new URL(mail.text.match(/https?:\/\/\S+\/auth\/reset-password\?\S+/)![0])
    expect(link.hostname).toBe('liceo.localhost')
    const set = await t.request('POST', '/api/reset-password', {
      host: 'liceo.localhost',
      json: {
        token: link.searchParams.get('token'),
        email: 'rosa@liceo.test',
        password: 'liceo-2026!',
        password_confirmation: 'liceo-2026!',
      },
    })
    expect(set.status).toBe(200)
    const token = await t.login('rosa@liceo.test', 'liceo.localhost', 'liceo-2026!')
    const me = await body(await t.request('GET', '/api/v1/user', { host: 'liceo.localhost', token }))
    expect(me).toMatchObject({ name: 'Rosa Fuentes', role: 'admin' })
    expect(me.permissions).toContain('users.manage')
    const roles = await body(await t.request('GET', '/api/v1/roles', { host: 'liceo.localhost', token }))
    expect(roles.data.map((r: { key: string }) => r.key)).toEqual([
      'admin',
      'staff',
      'guardian',
      'student',
      'company',
    ])
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'platform.college_created')
      .execute()
    expect(audit).toHaveLength(1)
  })
})

describe('suspending a college', () => {
  it('stops its people with a clear answer and keeps everything; resuming lets them back in', async () => {
    const guardian = await t.login('guardian@demo.test')
    const demo = (
      await body<{ data: PlatformCollege[] }>(await send('GET', '/api/v1/platform/colleges?q=demo'))
    ).data[0]!
    const postsBefore = await t.db.selectFrom('posts').select('id').execute()

    const res = await send('POST', `/api/v1/platform/colleges/${demo.id}/suspend`)
    expect((await body<PlatformCollege>(res)).suspended_at).not.toBeNull()

    const me = await t.request('GET', '/api/v1/user', { token: guardian, headers: EN })
    expect(me.status).toBe(403)
    expect(await body(me)).toEqual({
      message: 'This college’s account is suspended. Nothing has been deleted; please contact the college.',
      suspended: true,
    })
    const login = await t.request('POST', '/api/login-mobile', {
      json: { email: 'guardian@demo.test', password: 'demo12345' },
      headers: EN,
    })
    expect(login.status).toBe(403)
    expect((await body(await t.request('POST', '/api/colleges/domain', {}))).suspended).toBe(true)
    expect((await t.request('GET', '/api/v1/college/public')).status).toBe(403)
    // The platform owner, on the same host, keeps working.
    expect((await send('GET', '/api/v1/platform/colleges')).status).toBe(200)

    await send('POST', `/api/v1/platform/colleges/${demo.id}/resume`)
    expect((await t.request('GET', '/api/v1/user', { token: guardian })).status).toBe(200)
    expect(await t.db.selectFrom('posts').select('id').execute()).toEqual(postsBefore)
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'college')
      .where('subject_id', '=', String(demo.id))
      .where('action', 'like', 'platform.%')
      .execute()
    expect(actions.map((a) => a.action)).toEqual(['platform.college_suspended', 'platform.college_resumed'])
  })
})
