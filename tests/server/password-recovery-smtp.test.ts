import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptSecret } from '#server/platform/secrets.ts'
import { body, EN, eventually } from './helpers/http.ts'
import { existingMailFiles, parseMail, resetLinkIn } from './helpers/mail.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

type Received = { from: string; to: string[]; raw: string }

let t: TestApp
let smtp: SMTPServer
const received: Received[] = []
const logins: { username?: string | null; password?: string | null }[] = []

beforeAll(async () => {
  t = await createTestApp()
  smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username, password: auth.password })
      if (auth.username === 'mailer' && auth.password === 's3cret-smtp-pass')
        return callback(null, { user: 'mailer' })
      return callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  await t.db
    .updateTable('colleges')
    .set({
      smtp_host: '127.0.0.1',
      smtp_port: port,
      smtp_secure: 0,
      smtp_user: 'mailer',
      smtp_password_enc: encryptSecret('s3cret-smtp-pass', t.config.appKey),
      smtp_from: 'secretaria@demo.test',
    })
    .where('slug', '=', 'demo')
    .execute()
})

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
  await t.close()
})

describe('password recovery through the college SMTP server', () => {
  it('delivers the reset mail over SMTP, signed in with the decrypted password', async () => {
    const res = await t.request('POST', '/api/forgot-password-user', {
      json: { email: 'guardian@demo.test' },
      headers: EN,
    })
    expect(res.status).toBe(200)
    expect((await body(res)).message).toBe(
      'If that address has an account, we have sent it a link to reset the password.',
    )

    const message = await eventually(async () => received.find((m) => m.to.includes('guardian@demo.test')))
    expect(logins).toContainEqual({ username: 'mailer', password: 's3cret-smtp-pass' })
    expect(message.from).toBe('secretaria@demo.test')
    expect(message.to).toEqual(['guardian@demo.test'])

    const mail = parseMail(message.raw)
    expect(mail.headers.to).toContain('guardian@demo.test')
    expect(mail.headers.from).toContain('Colegio Demo')
    expect(mail.headers.subject).toBe('Reset your Colegio Demo password')
    const link = resetLinkIn(mail.text)
    expect(link.url.host).toBe('localhost')
    expect(link.email).toBe('guardian@demo.test')

    // The link in the mail really resets the password.
    const reset = await t.request('POST', '/api/reset-password', {
      json: {
        token: link.token,
        email: link.email,
        password: 'via-smtp-123',
        password_confirmation: 'via-smtp-123',
      },
    })
    expect(reset.status).toBe(200)
    // Nothing was written to the mail folder: the SMTP server got it.
    expect((await existingMailFiles(t.dataDir)).size).toBe(0)
  })

  it('keeps the SMTP password encrypted in the database', async () => {
    const row = await t.db
      .selectFrom('colleges')
      .select('smtp_password_enc')
      .where('slug', '=', 'demo')
      .executeTakeFirstOrThrow()
    expect(row.smtp_password_enc).not.toContain('s3cret-smtp-pass')
    expect(row.smtp_password_enc).toMatch(/^v1:/)
  })
})
