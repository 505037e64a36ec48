import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, EN, type ErrorBody } from './helpers/http.ts'
import { existingMailFiles, resetLinkIn, waitForMailFile } from './helpers/mail.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  // Behind a proxy, each request from its own client, so the recovery rate limit stays out of the way.
  t = await createTestApp({ trustProxy: true })
})
afterAll(async () => {
  await t.close()
})

const SENT = { message: 'If that address has an account, we have sent it a link to reset the password.' }

let client = 0
function forgot(email: string, host = 'localhost') {
  client += 1
  return t.request('POST', '/api/forgot-password-user', {
    host,
    json: { email },
    headers: { ...EN, 'x-forwarded-for': `192.0.2.${client}` },
  })
}

function reset(json: Record<string, unknown>, host = 'localhost') {
  return t.request('POST', '/api/reset-password', { host, json, headers: EN })
}

/** Asks for a link and reads it from the mail written to data/mail/ (no SMTP settings in the demo). */
async function requestLink(email: string) {
  const seen = await existingMailFiles(t.dataDir)
  expect((await forgot(email)).status).toBe(200)
  const mail = await waitForMailFile(t.dataDir, email, seen)
  return { mail, ...resetLinkIn(mail.text) }
}

function loginStatus(email: string, password: string) {
  return t.request('POST', '/api/login-mobile', { json: { email, password } }).then((r) => r.status)
}

describe('POST /api/forgot-password-user', () => {
  it('answers the same for an address with an account and one without', async () => {
    const known = await forgot('guardian@demo.test')
    const unknown = await forgot('nobody-here@demo.test')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(await body(known)).toEqual(SENT)
    expect(await body(unknown)).toEqual(SENT)
  })

  it('writes a mail file with a reset link to the same college host when there is no SMTP server', async () => {
    const { mail, url, email, token } = await requestLink('student2@demo.test')
    expect(mail.file.startsWith(`${t.dataDir}/mail/`)).toBe(true)
    expect(mail.headers.to).toContain('student2@demo.test')
    expect(mail.headers.subject).toBe('Reset your Colegio Demo password')
    expect(mail.headers.from).toContain('contacto@demo.test')
    expect(mail.text).toContain('Hello Isidora')
    expect(url.host).toBe('localhost')
    expect(url.pathname).toBe('/auth/reset-password')
    expect(email).toBe('student2@demo.test')
    expect(token).toMatch(/^[\w-]{40,}$/)
    // Only a hash of the token is kept.
    const rows = await t.db.selectFrom('password_resets').select('token_hash').execute()
    expect(rows.some((r) => r.token_hash === token)).toBe(false)
  })

  it('sends nothing for an address without an account', async () => {
    const before = await existingMailFiles(t.dataDir)
    await forgot('ghost@demo.test')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await existingMailFiles(t.dataDir)).toEqual(before)
  })

  it('answers 422 for a malformed address', async () => {
    const res = await forgot('not-an-address')
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors?.email).toEqual(['Please enter a valid email address'])
  })
})

describe('POST /api/reset-password', () => {
  it('sets the new password, signs out every device, and works only once', async () => {
    const device = await t.login('guardian@demo.test')
    const { token, email } = await requestLink('guardian@demo.test')

    const res = await reset({
      token,
      email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    })
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({ message: 'Your password has been reset.' })

    expect(await loginStatus('guardian@demo.test', 'brand-new-pass')).toBe(200)
    expect(await loginStatus('guardian@demo.test', 'demo12345')).toBe(400)
    expect((await t.request('GET', '/api/v1/user', { token: device })).status).toBe(401)

    const again = await reset({
      token,
      email,
      password: 'another-pass-1',
      password_confirmation: 'another-pass-1',
    })
    expect(again.status).toBe(422)
    const error = await body<ErrorBody>(again)
    expect(error.errors?.token).toEqual([
      'This password reset link is invalid or has expired. Please request a new one.',
    ])
    expect(await loginStatus('guardian@demo.test', 'brand-new-pass')).toBe(200)
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'auth.password_reset')
      .execute()
    expect(audit).toHaveLength(1)
  })

  it('refuses an expired link', async () => {
    const { token, email } = await requestLink('student@demo.test')
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .execute()
    const res = await reset({
      token,
      email,
      password: 'late-password',
      password_confirmation: 'late-password',
    })
    expect(res.status).toBe(422)
    expect(Object.keys((await body<ErrorBody>(res)).errors ?? {})).toEqual(['token'])
    expect(await loginStatus('student@demo.test', 'demo12345')).toBe(200)
  })

  it('refuses a link sent to another person, and a made-up token', async () => {
    const { token } = await requestLink('company@demo.test')
    const stolen = await reset({
      token,
      email: 'admin@demo.test',
      password: 'takeover-123',
      password_confirmation: 'takeover-123',
    })
    expect(stolen.status).toBe(422)
    expect(await loginStatus('admin@demo.test', 'takeover-123')).toBe(400)
    const forged = await reset({
      token: 'x'.repeat(43),
      email: 'company@demo.test',
      password: 'takeover-123',
      password_confirmation: 'takeover-123',
    })
    expect(forged.status).toBe(422)
  })

  it('refuses the link on another college host', async () => {
    const { token, email } = await requestLink('staff@demo.test')
    const res = await reset(
      { token, email, password: 'other-host-1', password_confirmation: 'other-host-1' },
      'beta.localhost',
    )
    expect(res.status).toBe(422)
    expect(await loginStatus('staff@demo.test', 'demo12345')).toBe(200)
  })

  it('only the newest link works', async () => {
    const first = await requestLink('admin@demo.test')
    const second = await requestLink('admin@demo.test')
    const old = await reset({
      token: first.token,
      email: first.email,
      password: 'first-link-1',
      password_confirmation: 'first-link-1',
    })
    expect(old.status).toBe(422)
    const fresh = await reset({
      token: second.token,
      email: second.email,
      password: 'second-link-1',
      password_confirmation: 'second-link-1',
    })
    expect(fresh.status).toBe(200)
  })

  it('says "Passwords do not match" when the confirmation differs', async () => {
    const res = await reset({
      token: 'whatever-token',
      email: 'company@demo.test',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-2',
    })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({ password_confirmation: ['Passwords do not match'] })
  })

  it('asks for at least 8 characters', async () => {
    const res = await reset({
      token: 'whatever-token',
      email: 'company@demo.test',
      password: 'short',
      password_confirmation: 'short',
    })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors?.password).toEqual([
      'Password must be at least 8 characters long',
    ])
  })
})
