// The contact form and inbox, and the outgoing mail settings with their test mail, against a real SMTP
// server started here: what reaches it, and what a secretary reads when it refuses.
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContactDetail, ContactMessage } from '#shared/contacts.schema.ts'
import type { MailSettings, MailTestResult } from '#shared/integrations.schema.ts'
import { body, EN, type ErrorBody, eventually } from './helpers/http.ts'
import { parseMail } from './helpers/mail.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let smtp: SMTPServer
let smtpPort: number
let admin: string
const received: { to: string[]; raw: string }[] = []

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin@demo.test')
  smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'secretaria' && auth.password === 'clave-smtp-1')
        return callback(null, { user: 'secretaria' })
      return callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  smtpPort = (smtp.server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
  await t.close()
})

/** `token` '' sends none: a visitor. */
const send = (method: string, path: string, json?: unknown, token = admin, host = 'localhost') =>
  t.request(method, path, { token, json, host, headers: EN })

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const settings = (changes: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: smtpPort,
  security: 'none',
  user: 'secretaria',
  password: 'clave-smtp-1',
  from_address: 'secretaria@demo.test',
  from_name: 'Secretaría Colegio Demo',
  ...changes,
})

describe('the public contact form', () => {
  it('takes a visitor message into the inbox', async () => {
    const res = await send(
      'POST',
      '/api/v1/college/contact-messages',
      {
        name: 'Camila Reyes',
        email: 'camila@example.com',
        phone: '+56 9 8765 4321',
        message: '¿Tienen vacantes para 3° básico el próximo año?',
      },
      '',
    )
    expect(res.status).toBe(201)
    expect((await body(res)).message).toBe('Thank you. Your message has reached the college.')
    const inbox = await body(await send('GET', '/api/v1/contact-messages'))
    expect(inbox.new_count).toBe(1)
    expect(inbox.data[0]).toMatchObject({ name: 'Camila Reyes', status: 'new', source: 'form', replies: 0 })
  })

  it('answers a bot that filled the hidden field the same way, and keeps nothing', async () => {
    const before = (await body(await send('GET', '/api/v1/contact-messages'))).data.length
    const res = await send(
      'POST',
      '/api/v1/college/contact-messages',
      {
        name: 'Bot',
        email: 'bot@spam.test',
        message: 'Buy now',
        website: 'https://spam.test',
      },
      '',
    )
    expect(res.status).toBe(201)
    expect((await body(await send('GET', '/api/v1/contact-messages'))).data).toHaveLength(before)
  })

  it('says what is missing, and limits how often one address writes', async () => {
    const empty = await send('POST', '/api/v1/college/contact-messages', { email: 'x' }, '')
    expect((await body<ErrorBody>(empty)).errors).toEqual({
      name: ['Your name is required'],
      email: ['Please enter a valid email address'],
      message: ['Please write your message'],
    })
    const write = () =>
      send(
        'POST',
        '/api/v1/college/contact-messages',
        { name: 'Ana', email: 'often@example.com', message: 'Hola' },
        '',
      )
    for (let i = 0; i < 5; i++) expect((await write()).status).toBe(201)
    const limited = await write()
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBeTruthy()
  })
})

describe('the inbox', () => {
  it('is for contacts.manage only, and each college sees its own messages', async () => {
    const staff = await t.login('staff@demo.test')
    expect((await send('GET', '/api/v1/contact-messages', undefined, staff)).status).toBe(403)
    expect((await send('GET', '/api/v1/contact-messages', undefined, '')).status).toBe(401)
    const beta = await t.login('admin@beta.test', 'beta.localhost')
    const betaInbox = await body(
      await send('GET', '/api/v1/contact-messages', undefined, beta, 'beta.localhost'),
    )
    expect(betaInbox.data).toEqual([])
    const [first] = (await body(await send('GET', '/api/v1/contact-messages'))).data as ContactMessage[]
    expect(
      (await send('GET', `/api/v1/contact-messages/${first!.id}`, undefined, beta, 'beta.localhost')).status,
    ).toBe(404)
  })

  it('searches, filters by status, notes a phone call by hand, and marks messages handled', async () => {
    const created = await send('POST', '/api/v1/contact-messages', {
      name: 'Jorge Díaz',
      email: 'jorge@example.com',
      message: 'Llamó para preguntar por el furgón escolar.',
    })
    expect(created.status).toBe(201)
    const call = await body<ContactDetail>(created)
    expect(call).toMatchObject({ source: 'staff', status: 'new', thread: [] })
    expect(
      (await body(await send('GET', '/api/v1/contact-messages?q=furg%C3%B3n'))).data.map(
        (m: ContactMessage) => m.id,
      ),
    ).toEqual([call.id])
    const handled = await send('POST', `/api/v1/contact-messages/${call.id}/status`, { status: 'handled' })
    expect(await body<ContactDetail>(handled)).toMatchObject({
      status: 'handled',
      handled_by: { name: 'Ana Administradora' },
    })
    const open = await body(await send('GET', '/api/v1/contact-messages?status=new'))
    expect(open.data.map((m: ContactMessage) => m.id)).not.toContain(call.id)
  })
})

describe('outgoing mail settings', () => {
  it('keeps the password encrypted and never sends it back; an empty password keeps the saved one', async () => {
    const res = await send('PUT', '/api/v1/integrations/mail', settings())
    expect(res.status).toBe(200)
    const saved = await body<MailSettings>(res)
    expect(saved).toEqual({
      host: '127.0.0.1',
      port: smtpPort,
      security: 'none',
      user: 'secretaria',
      has_password: true,
      from_address: 'secretaria@demo.test',
      from_name: 'Secretaría Colegio Demo',
    })
    expect(JSON.stringify(saved)).not.toContain('clave-smtp-1')
    const row = await t.db
      .selectFrom('colleges')
      .select('smtp_password_enc')
      .where('slug', '=', 'demo')
      .executeTakeFirstOrThrow()
    expect(row.smtp_password_enc).toMatch(/^v1:/)
    expect(row.smtp_password_enc).not.toContain('clave-smtp-1')
    await send('PUT', '/api/v1/integrations/mail', settings({ password: '' }))
    const kept = await t.db
      .selectFrom('colleges')
      .select('smtp_password_enc')
      .where('slug', '=', 'demo')
      .executeTakeFirstOrThrow()
    expect(kept.smtp_password_enc).toBe(row.smtp_password_enc)
    const audits = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'integrations.mail_updated')
      .execute()
    expect(audits.map((a) => a.details).join()).not.toContain('clave-smtp-1')
  })

  it('refuses a port or host that cannot be, and staff', async () => {
    const res = await send(
      'PUT',
      '/api/v1/integrations/mail',
      settings({ host: 'https://mail.example.com', port: 0 }),
    )
    expect((await body<ErrorBody>(res)).errors).toEqual({
      host: ['Please enter a host name such as colegio.example.cl, without https:// or a path'],
      port: ['Please enter a port between 1 and 65535'],
    })
    const staff = await t.login('staff@demo.test')
    expect((await send('GET', '/api/v1/integrations/mail', undefined, staff)).status).toBe(403)
  })

  it('sends a real test mail and shows the server answer', async () => {
    const res = await send('POST', '/api/v1/integrations/mail/test', {
      ...settings({ password: '' }),
      to: 'prueba@demo.test',
    })
    const result = await body<MailTestResult>(res)
    expect(result).toMatchObject({ ok: true, message: 'The mail server accepted the message.' })
    expect(result.answer).toMatch(/^250/)
    const mail = await eventually(async () => received.find((m) => m.to.includes('prueba@demo.test')))
    expect(parseMail(mail.raw).headers.from).toContain('Secretaría Colegio Demo')
  })

  it('says in plain words what went wrong: a wrong password, nothing listening, an unknown host', async () => {
    const test = async (changes: Record<string, unknown>) =>
      body<MailTestResult>(
        await send('POST', '/api/v1/integrations/mail/test', {
          ...settings(changes),
          to: 'prueba@demo.test',
        }),
      )
    const wrong = await test({ password: 'equivocada' })
    expect(wrong.ok).toBe(false)
    expect(wrong.message).toMatch(
      /^The mail server did not accept the user name or password\. It answered: 535/,
    )
    const port = await closedPort()
    expect(await test({ port })).toMatchObject({
      ok: false,
      message: `Nothing answers at 127.0.0.1 on port ${port}. Check the host name and the port.`,
    })
    expect(await test({ host: 'mail.nowhere.invalid' })).toMatchObject({
      ok: false,
      message: 'No server is known by the name mail.nowhere.invalid. Check its spelling.',
    })
  })
})

describe('answering a contact by mail', () => {
  it('sends the answer through the college SMTP, keeps it in the thread, and marks the message handled', async () => {
    await send('PUT', '/api/v1/integrations/mail', settings({ password: '' }))
    const [message] = (await body(await send('GET', '/api/v1/contact-messages?q=camila')))
      .data as ContactMessage[]
    const res = await send('POST', `/api/v1/contact-messages/${message!.id}/replies`, {
      body: 'Hola Camila: sí, quedan vacantes. La esperamos el lunes.',
    })
    expect(res.status).toBe(201)
    const detail = await body<ContactDetail>(res)
    expect(detail.status).toBe('handled')
    expect(detail.thread).toEqual([
      expect.objectContaining({
        delivered: true,
        error: null,
        author: expect.objectContaining({ name: 'Ana Administradora' }),
      }),
    ])
    const mail = await eventually(async () => received.find((m) => m.to.includes('camila@example.com')))
    const parsed = parseMail(mail.raw)
    expect(parsed.headers.subject).toBe('Re: your message to Colegio Demo')
    expect(parsed.text).toContain('quedan vacantes')
  })

  it('keeps an answer that could not be sent, with the reason, and the message stays open', async () => {
    await send('PUT', '/api/v1/integrations/mail', settings({ port: await closedPort(), password: '' }))
    const created = await body<ContactDetail>(
      await send('POST', '/api/v1/contact-messages', {
        name: 'Luis',
        email: 'luis@example.com',
        message: 'Consulta',
      }),
    )
    const res = await send('POST', `/api/v1/contact-messages/${created.id}/replies`, {
      body: 'Respuesta importante',
    })
    const detail = await body<ContactDetail>(res)
    expect(detail.status).toBe('new')
    expect(detail.thread[0]).toMatchObject({ body: 'Respuesta importante', delivered: false })
    expect(detail.thread[0]!.error).toMatch(/^Nothing answers at 127\.0\.0\.1 on port \d+/)
  })
})
