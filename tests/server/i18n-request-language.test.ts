// The server speaks the request's language from the Lingui catalogs. A small fixture catalog stands in
// for src/locales here, so these tests do not depend on how far the real translations have got.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogs } from '#server/platform/i18n.ts'
import { body, type ErrorBody } from './helpers/http.ts'
import { existingMailFiles, waitForMailFile } from './helpers/mail.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

const SPANISH = {
  'validation.name_required': 'Tu nombre es obligatorio',
  'validation.email_invalid': 'Ingresa un correo electrónico válido',
  'error.invalid_data': 'Los datos no son válidos.',
  'error.unauthenticated': 'No autenticado.',
  'mail.reset.subject': 'Restablece tu contraseña de {college}',
  'mail.reset.body':
    'Hola {name}:\n\nPara elegir una nueva contraseña de {college}, abre este enlace:\n\n{link}',
}

let t: TestApp
let catalogDir: string
let guardian: string
beforeAll(async () => {
  t = await createTestApp()
  catalogDir = mkdtempSync(join(tmpdir(), 'college-catalogs-'))
  mkdirSync(join(catalogDir, 'es'))
  const po = Object.entries(SPANISH)
    .map(([id, text]) => `msgid ${JSON.stringify(id)}\nmsgstr ${JSON.stringify(text)}\n`)
    .join('\n')
  // The same id again with a context (a second sense, as the client's catalogs have) comes last.
  const secondSense = 'msgctxt "other"\nmsgid "error.invalid_data"\nmsgstr "Otro sentido"\n'
  writeFileSync(
    join(catalogDir, 'es', 'app.po'),
    `msgid ""\nmsgstr ""\n"Language: es\\n"\n\n${po}\n${secondSense}`,
  )
  loadCatalogs(catalogDir)
  guardian = await t.login('guardian@demo.test')
})
afterAll(async () => {
  loadCatalogs()
  rmSync(catalogDir, { recursive: true, force: true })
  await t.close()
})

function saveEmptyName(headers: Record<string, string> = {}, host = 'localhost', token = guardian) {
  return t.request('POST', '/api/v1/users/update/profile', {
    host,
    token,
    json: { name: '', email: 'guardian@demo.test' },
    headers,
  })
}

describe('the language of validation messages', () => {
  it('follows Accept-Language', async () => {
    const res = await saveEmptyName({ 'accept-language': 'es-CL,es;q=0.9,en;q=0.5' })
    expect(res.status).toBe(422)
    expect(await body(res)).toEqual({
      message: 'Los datos no son válidos.',
      errors: { name: ['Tu nombre es obligatorio'] },
    })
  })

  it("falls back to the college's language, then to English", async () => {
    const demo = await saveEmptyName()
    expect((await body<ErrorBody>(demo)).errors?.name).toEqual(['Tu nombre es obligatorio'])

    const betaToken = await t.login('guardian@beta.test', 'beta.localhost')
    const beta = await saveEmptyName({}, 'beta.localhost', betaToken)
    expect((await body<ErrorBody>(beta)).errors?.name).toEqual(['Your name is required'])

    // French has no translation of this text in the fixture: English, not Spanish, is the fallback.
    const french = await saveEmptyName({ 'accept-language': 'fr' })
    expect((await body<ErrorBody>(french)).errors?.name).toEqual(['Your name is required'])
  })

  it('keeps "Unauthenticated." as is, because the client compares that text', async () => {
    const res = await t.request('GET', '/api/v1/user', { headers: { 'accept-language': 'es' } })
    expect(res.status).toBe(401)
    expect(await body(res)).toEqual({ message: 'Unauthenticated.' })
  })
})

describe('the language of the password reset mail', () => {
  it("is the user's own language, whatever the browser asking", async () => {
    await t.db.updateTable('users').set({ locale: 'es' }).where('email', '=', 'student@demo.test').execute()
    const seen = await existingMailFiles(t.dataDir)
    const res = await t.request('POST', '/api/forgot-password-user', {
      json: { email: 'student@demo.test' },
      headers: { 'accept-language': 'en' },
    })
    expect(res.status).toBe(200)
    const mail = await waitForMailFile(t.dataDir, 'student@demo.test', seen)
    expect(mail.headers.subject).toBe('Restablece tu contraseña de Colegio Demo')
    expect(mail.text).toContain('Hola Tomás:')
    expect(mail.text).toMatch(/http:\/\/localhost\/auth\/reset-password\?token=/)
  })

  it('is the language of the request for a user without one', async () => {
    const seen = await existingMailFiles(t.dataDir)
    await t.request('POST', '/api/forgot-password-user', {
      json: { email: 'staff@demo.test' },
      headers: { 'accept-language': 'en-GB' },
    })
    const mail = await waitForMailFile(t.dataDir, 'staff@demo.test', seen)
    expect(mail.headers.subject).toBe('Reset your Colegio Demo password')
    expect(mail.text).toContain('Hello Sergio,')
  })
})
