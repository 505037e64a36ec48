import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

function change(token: string, json: Record<string, unknown>) {
  return t.request('PUT', '/api/v1/users/update/password', { token, json, headers: EN })
}

async function passwordHash(email: string) {
  const row = await t.db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return row.password_hash
}

describe('PUT /api/v1/users/update/password', () => {
  it('refuses a wrong current password, on current_password', async () => {
    const token = await t.login('staff@demo.test')
    const before = await passwordHash('staff@demo.test')
    const res = await change(token, {
      current_password: 'not-my-password',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({
      current_password: ['The current password is not correct'],
    })
    expect(await passwordHash('staff@demo.test')).toBe(before)
  })

  it("asks for at least 8 characters: 7 are refused, 8 are enough (the spec's minimum)", async () => {
    const token = await t.login('staff@demo.test')
    const res = await change(token, {
      current_password: 'demo12345',
      password: 'seven77',
      password_confirmation: 'seven77',
    })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors?.password).toEqual([
      'Password must be at least 8 characters long',
    ])
    const eight = await change(token, {
      current_password: 'demo12345',
      password: 'eight888',
      password_confirmation: 'eight888',
    })
    expect(eight.status).toBe(200)
    const back = await change(token, {
      current_password: 'eight888',
      password: 'demo12345',
      password_confirmation: 'demo12345',
    })
    expect(back.status).toBe(200)
  })

  it('says "Passwords do not match" when the confirmation differs', async () => {
    const token = await t.login('staff@demo.test')
    const res = await change(token, {
      current_password: 'demo12345',
      password: 'new-password-1',
      password_confirmation: 'new-password-2',
    })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({ password_confirmation: ['Passwords do not match'] })
  })

  it('asks for the current password when it is missing', async () => {
    const token = await t.login('staff@demo.test')
    const res = await change(token, { password: 'new-password-1', password_confirmation: 'new-password-1' })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors?.current_password).toEqual(['field required.'])
  })

  it('changes the password, signs out the other devices and keeps this one signed in', async () => {
    const laptop = await t.login('guardian@demo.test')
    const phone = await t.login('guardian@demo.test')
    const otherPerson = await t.login('student@demo.test')

    const res = await change(phone, {
      current_password: 'demo12345',
      password: 'changed-pass-1',
      password_confirmation: 'changed-pass-1',
    })
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({ message: 'Your password has been changed.' })

    expect((await t.request('GET', '/api/v1/user', { token: phone })).status).toBe(200)
    expect((await t.request('GET', '/api/v1/user', { token: laptop })).status).toBe(401)
    expect((await t.request('GET', '/api/v1/user', { token: otherPerson })).status).toBe(200)

    await t.login('guardian@demo.test', 'localhost', 'changed-pass-1')
    const old = await t.request('POST', '/api/login-mobile', {
      json: { email: 'guardian@demo.test', password: 'demo12345' },
    })
    expect(old.status).toBe(400)

    const guardianId = await userIdOf(t.db, 'guardian@demo.test')
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.password_changed')
      .where('actor_id', '=', guardianId)
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      actor_id: guardianId,
      subject_type: 'user',
      subject_id: String(guardianId),
    })
    expect(audit[0]!.details).not.toContain('changed-pass-1')
  })

  it('answers 401 without a token and changes nothing', async () => {
    const before = await passwordHash('admin@demo.test')
    const res = await t.request('PUT', '/api/v1/users/update/password', {
      json: {
        current_password: 'demo12345',
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
      },
    })
    expect(res.status).toBe(401)
    expect(await passwordHash('admin@demo.test')).toBe(before)
  })
})
