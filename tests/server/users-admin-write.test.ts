// An administrator creates, edits, deactivates and reactivates people; the new person chooses a
// password from their welcome mail. Every change leaves its audit row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserDetail } from '#shared/users.schema.ts'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { existingMailFiles, waitForMailFile } from './helpers/mail.ts'
import { courseIdOf } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let admin: string
let adminId: number
const role: Record<string, number> = {}

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin@demo.test')
  adminId = await userIdOf(t.db, 'admin@demo.test', 'demo')
  const roles = await body(await t.request('GET', '/api/v1/roles', { token: admin }))
  for (const r of roles.data) role[r.key] = r.id
})
afterAll(async () => {
  await t.close()
})

const send = (method: string, path: string, json?: unknown, token = admin) =>
  t.request(method, path, { token, json, headers: EN })

async function create(fields: Record<string, unknown>) {
  return send('POST', '/api/v1/users', { send_welcome: false, ...fields })
}

const auditOf = (subject: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details'])
    .where('subject_type', '=', 'user')
    .where('subject_id', '=', String(subject))
    .orderBy('id')
    .execute()

describe('creating a person', () => {
  it('refuses a form without name, email or role, with the spec messages, and writes nothing', async () => {
    const before = await t.db.selectFrom('users').select('id').execute()
    const res = await create({ name: ' ', email: 'not-an-address', rut: '11.111.111-2' })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({
      name: ['Your name is required'],
      email: ['Please enter a valid email address'],
      rut: ['Please enter a valid RUT'],
      role_id: ['Please choose a role'],
    })
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(before.length)
  })

  it('refuses an email or a RUT another person of the college has, however they are typed', async () => {
    const res = await create({ name: 'Ana', email: 'ADMIN@demo.test', rut: '111111111', role_id: role.staff })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({
      email: ['This email address is already in use'],
      rut: ['This RUT is already in use'],
    })
  })

  it('accepts an email that only a person of another college has', async () => {
    const res = await create({ name: 'Alex', email: 'admin@beta.test', role_id: role.staff })
    expect(res.status).toBe(201)
  })

  it('creates a student in a course, answers the detail, and audits it', async () => {
    const course = await courseIdOf(t, '1° Básico B')
    const res = await create({
      name: 'Martina',
      first_lastname: 'Rojas',
      email: 'Martina.Rojas@demo.test',
      rut: '15234567-4',
      role_id: role.student,
      course_id: course,
    })
    expect(res.status).toBe(201)
    const user = await body<UserDetail>(res)
    expect(user).toMatchObject({
      name: 'Martina',
      first_lastname: 'Rojas',
      email: 'martina.rojas@demo.test',
      rut: '15.234.567-4',
      role: { id: role.student, key: 'student' },
      courses: [{ id: course, name: '1° Básico B' }],
      active: true,
      has_password: false,
      last_seen_at: null,
    })
    expect(await auditOf(user.id)).toEqual([
      expect.objectContaining({ action: 'user.created', actor_id: adminId }),
    ])
    // Nobody can sign in to it until its person chooses a password.
    for (const password of ['', 'unset', 'demo12345']) {
      const login = await t.request('POST', '/api/login-mobile', {
        json: { email: 'martina.rojas@demo.test', password },
      })
      expect(login.status).toBeGreaterThanOrEqual(400)
      expect(login.status).toBeLessThan(500)
    }
  })

  it('creates a guardian linked to their students; an unknown student is refused', async () => {
    const student = await userIdOf(t.db, 'student2@demo.test', 'demo')
    const bad = await create({
      name: 'Pedro',
      email: 'pedro@demo.test',
      role_id: role.guardian,
      student_ids: [adminId],
    })
    expect(bad.status).toBe(422)
    expect((await body<ErrorBody>(bad)).errors).toEqual({
      student_ids: ['This person is not a student of the college'],
    })
    const res = await create({
      name: 'Pedro',
      email: 'pedro@demo.test',
      role_id: role.guardian,
      student_ids: [student],
    })
    expect(res.status).toBe(201)
    const user = await body<UserDetail>(res)
    expect(user.students).toEqual([
      expect.objectContaining({ id: student, email: 'student2@demo.test', name: 'Isidora Pérez' }),
    ])
  })

  it('mails a welcome link; the person chooses a password with it and signs in', async () => {
    const seen = await existingMailFiles(t.dataDir)
    const res = await send('POST', '/api/v1/users', {
      name: 'Valentina',
      email: 'valentina@demo.test',
      role_id: role.staff,
    })
    expect(res.status).toBe(201)
    const mail = await waitForMailFile(t.dataDir, 'valentina@demo.test', seen)
    expect(mail.headers.subject).toBe('Su cuenta de Colegio Demo')
    const link = mail.text.match(/https?:\/\/\S+\/auth\/reset-password\?\S+/)![0]
    const url = new URL(link)
    expect(url.searchParams.get('welcome')).toBe('1')
    const set = await t.request('POST', '/api/reset-password', {
      json: {
        token: url.searchParams.get('token'),
        email: url.searchParams.get('email'),
        password: 'valentina-2026',
        password_confirmation: 'valentina-2026',
      },
    })
    expect(set.status).toBe(200)
    expect(await t.login('valentina@demo.test', 'localhost', 'valentina-2026')).toBeTruthy()
    const detail = await body<UserDetail>(await send('GET', `/api/v1/users/${(await body(res)).id}`))
    expect(detail.has_password).toBe(true)
    expect(detail.last_seen_at).not.toBeNull()
  })
})

describe('editing a person', () => {
  it('saves the fields, moves a student to another course, and starts their mirror over', async () => {
    const id = await userIdOf(t.db, 'student@demo.test', 'demo')
    const course = await courseIdOf(t, '2° Básico A')
    const before = await t.db
      .selectFrom('users')
      .select('sync_epoch')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const res = await send('PUT', `/api/v1/users/${id}`, {
      name: 'Tomás',
      first_lastname: 'Apoderada',
      email: 'student@demo.test',
      phone: '+56 9 5555 5555',
      role_id: role.student,
      course_id: course,
    })
    expect(res.status).toBe(200)
    expect(await body<UserDetail>(res)).toMatchObject({ phone: '+56 9 5555 5555', courses: [{ id: course }] })
    const after = await t.db
      .selectFrom('users')
      .select('sync_epoch')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(after.sync_epoch).toBeGreaterThan(before.sync_epoch)
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'user.updated' })
    expect(JSON.parse((await auditOf(id)).at(-1)!.details).fields).toEqual(['phone', 'course_id'])
  })

  it("refuses to change one's own role, and another person's email to one in use", async () => {
    const own = await send('PUT', `/api/v1/users/${adminId}`, {
      name: 'Ana',
      email: 'admin@demo.test',
      rut: '11.111.111-1',
      role_id: role.staff,
    })
    expect(own.status).toBe(422)
    expect((await body<ErrorBody>(own)).errors).toEqual({
      role_id: ['You cannot change your own role: ask another administrator'],
    })
    const staffId = await userIdOf(t.db, 'staff@demo.test', 'demo')
    const taken = await send('PUT', `/api/v1/users/${staffId}`, {
      name: 'Sergio',
      email: 'guardian@demo.test',
      role_id: role.staff,
    })
    expect((await body<ErrorBody>(taken)).errors).toEqual({ email: ['This email address is already in use'] })
  })

  it('answers 404 for an id that is no one, and for ids that are not ids', async () => {
    for (const path of ['/api/v1/users/999999', '/api/v1/users/99999999999', '/api/v1/users/0'])
      expect((await send('GET', path)).status, path).toBe(404)
  })
})

describe('deactivating and reactivating', () => {
  it('signs the person out everywhere, keeps them from signing in, and keeps their history', async () => {
    const token = await t.login('company@demo.test')
    const id = await userIdOf(t.db, 'company@demo.test', 'demo')
    const res = await send('POST', `/api/v1/users/${id}/deactivate`)
    expect(res.status).toBe(200)
    expect(await body<UserDetail>(res)).toMatchObject({ active: false, deactivated_at: expect.any(String) })
    expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(401)
    const login = await t.request('POST', '/api/login-mobile', {
      json: { email: 'company@demo.test', password: 'demo12345' },
      headers: EN,
    })
    expect(login.status).toBe(403)
    expect((await body(login)).message).toBe(
      'This account has been deactivated. Please contact your college.',
    )
    // No recovery mail for a deactivated account either.
    const seen = await existingMailFiles(t.dataDir)
    await t.request('POST', '/api/forgot-password-user', { json: { email: 'company@demo.test' } })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await existingMailFiles(t.dataDir)).toEqual(seen)

    const list = await body(await send('GET', '/api/v1/users?status=inactive'))
    expect(list.data.map((u: { id: number }) => u.id)).toContain(id)
    const back = await send('POST', `/api/v1/users/${id}/reactivate`)
    expect(await body<UserDetail>(back)).toMatchObject({ active: true, deactivated_at: null })
    expect(await t.login('company@demo.test')).toBeTruthy()
    expect((await auditOf(id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.deactivated', 'user.reactivated']),
    )
  })

  it('an administrator cannot deactivate themselves, alone or in a selection', async () => {
    const res = await send('POST', `/api/v1/users/${adminId}/deactivate`)
    expect(res.status).toBe(409)
    expect((await body(res)).message).toBe('You cannot deactivate your own account')
    const staffId = await userIdOf(t.db, 'staff@demo.test', 'demo')
    const bulk = await send('POST', '/api/v1/users/bulk', { action: 'deactivate', ids: [adminId, staffId] })
    expect(await body(bulk)).toEqual({ updated: 1, skipped: 1 })
    const me = await t.db
      .selectFrom('users')
      .select('deactivated_at')
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow()
    expect(me.deactivated_at).toBeNull()
    await send('POST', '/api/v1/users/bulk', { action: 'reactivate', ids: [staffId] })
  })
})

describe('guardians and their students', () => {
  it('links and unlinks a student; only guardians have students', async () => {
    const guardian = await userIdOf(t.db, 'guardian@demo.test', 'demo')
    const student = await userIdOf(t.db, 'student2@demo.test', 'demo')
    const linked = await send('POST', `/api/v1/users/${guardian}/students`, { student_id: student })
    expect((await body<UserDetail>(linked)).students.map((s) => s.id)).toContain(student)
    const unlinked = await send('DELETE', `/api/v1/users/${guardian}/students/${student}`)
    expect((await body<UserDetail>(unlinked)).students.map((s) => s.id)).not.toContain(student)
    expect((await send('DELETE', `/api/v1/users/${guardian}/students/${student}`)).status).toBe(404)
    const staffId = await userIdOf(t.db, 'staff@demo.test', 'demo')
    const notGuardian = await send('POST', `/api/v1/users/${staffId}/students`, { student_id: student })
    expect((await body<ErrorBody>(notGuardian)).errors).toEqual({
      student_id: ['Only guardians have students'],
    })
  })
})

describe('password links sent by an administrator', () => {
  it('mails a reset to a person with a password, and the welcome again to one without', async () => {
    let seen = await existingMailFiles(t.dataDir)
    const guardian = await userIdOf(t.db, 'guardian@demo.test', 'demo')
    const res = await send('POST', `/api/v1/users/${guardian}/password-reset`)
    expect(res.status).toBe(200)
    expect((await body(res)).message).toBe('We have mailed guardian@demo.test a link to choose a password.')
    const reset = await waitForMailFile(t.dataDir, 'guardian@demo.test', seen)
    expect(reset.text).not.toContain('welcome=1')

    seen = await existingMailFiles(t.dataDir)
    const fresh = await body<UserDetail>(
      await create({ name: 'Nueva', email: 'nueva@demo.test', role_id: role.staff }),
    )
    await send('POST', `/api/v1/users/${fresh.id}/password-reset`)
    const welcome = await waitForMailFile(t.dataDir, 'nueva@demo.test', seen)
    expect(welcome.text).toContain('welcome=1')
  })
})

describe('bulk changes', () => {
  it('gives a selection another role, and refuses an unknown one', async () => {
    const a = await body<UserDetail>(
      await create({ name: 'Uno', email: 'uno@demo.test', role_id: role.guardian }),
    )
    const b = await body<UserDetail>(
      await create({ name: 'Dos', email: 'dos@demo.test', role_id: role.guardian }),
    )
    const res = await send('POST', '/api/v1/users/bulk', {
      action: 'set_role',
      ids: [a.id, b.id],
      role_id: role.staff,
    })
    expect(await body(res)).toEqual({ updated: 2, skipped: 0 })
    const bad = await send('POST', '/api/v1/users/bulk', { action: 'set_role', ids: [a.id], role_id: 999999 })
    expect(bad.status).toBe(422)
    const empty = await send('POST', '/api/v1/users/bulk', { action: 'deactivate', ids: [] })
    expect(empty.status).toBe(422)
  })
})
