import { existsSync, readFileSync } from 'node:fs'
import PO from 'pofile'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, EN, type ErrorBody } from './helpers/http.ts'
import { imageMetadata, makeImage } from './helpers/images.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const PROFILE = {
  name: 'Gabriela',
  first_lastname: 'Apoderada',
  second_lastname: 'Soto',
  email: 'guardian@demo.test',
  rut: '7.654.321-6',
  phone: '+56 9 1234 5678',
  birthdate: '1985-04-12',
}

/** The profile form as the spec's client sends it: multipart, with _method=PUT and an optional avatar. */
function profileForm(fields: Record<string, string>, avatar?: { data: Buffer; name: string; type: string }) {
  const form = new FormData()
  form.set('_method', 'PUT')
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  if (avatar) form.set('avatar', new Blob([new Uint8Array(avatar.data)], { type: avatar.type }), avatar.name)
  return form
}

function save(token: string, form: FormData | Record<string, unknown>, headers: Record<string, string> = EN) {
  return form instanceof FormData
    ? t.request('POST', '/api/v1/users/update/profile', { token, body: form, headers })
    : t.request('POST', '/api/v1/users/update/profile', { token, json: form, headers })
}

async function row(email: string) {
  return t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
}

describe('POST /api/v1/users/update/profile', () => {
  it('saves the multipart form and answers the updated user', async () => {
    const token = await t.login('guardian@demo.test')
    const res = await save(token, profileForm({ ...PROFILE, name: '  Gabriela Andrea ' }))
    expect(res.status).toBe(200)
    const user = await body(res)
    expect(user).toMatchObject({ ...PROFILE, name: 'Gabriela Andrea', type: 'guardian', avatar_url: null })
    expect(await row('guardian@demo.test')).toMatchObject({ ...PROFILE, name: 'Gabriela Andrea' })
    const fetched = await body(await t.request('GET', '/api/v1/user', { token }))
    expect(fetched).toEqual(user)
  })

  it('accepts JSON as well', async () => {
    const token = await t.login('student2@demo.test')
    const res = await save(token, {
      name: 'Isidora',
      first_lastname: 'Pérez',
      email: 'Isidora@Demo.TEST',
      phone: '22334455',
    })
    expect(res.status).toBe(200)
    expect(await body(res)).toMatchObject({ name: 'Isidora', email: 'isidora@demo.test', phone: '22334455' })
    // The address changed, so the person now signs in with it.
    await t.login('isidora@demo.test')
  })

  it('writes a user.profile_updated audit row listing the changed fields', async () => {
    const token = await t.login('company@demo.test')
    const me = await row('company@demo.test')
    expect(
      (await save(token, { name: 'Carla', first_lastname: 'Emprendedora', email: me.email, phone: '555' }))
        .status,
    ).toBe(200)
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.profile_updated')
      .where('actor_id', '=', me.id)
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      college_id: me.college_id,
      subject_type: 'user',
      subject_id: String(me.id),
    })
    expect(JSON.parse(audit[0]!.details).fields).toEqual(['phone'])
  })

  describe('validation, with the spec messages', () => {
    let token: string
    beforeAll(async () => {
      token = await t.login('staff@demo.test')
    })

    it.each([
      ['an empty name', { name: '   ' }, 'name', 'Your name is required'],
      ['a malformed email', { email: 'sergio(at)demo' }, 'email', 'Please enter a valid email address'],
      ['an empty email', { email: '' }, 'email', 'Please enter a valid email address'],
      ['a RUT with a wrong check digit', { rut: '11.111.111-2' }, 'rut', 'Please enter a valid RUT'],
      ['a RUT that is not a RUT', { rut: 'abc' }, 'rut', 'Please enter a valid RUT'],
      ['an impossible birth date', { birthdate: '2001-02-30' }, 'birthdate', 'Please enter a valid date'],
      [
        'a birth date in the future',
        { birthdate: '2999-01-01' },
        'birthdate',
        'The birth date cannot be in the future',
      ],
    ])('answers 422 for %s', async (_case, change, field, text) => {
      const before = await row('staff@demo.test')
      const res = await save(token, profileForm({ name: 'Sergio', email: 'staff@demo.test', ...change }))
      expect(res.status).toBe(422)
      const error = await body<ErrorBody>(res)
      expect(error.message).toBe('The given data was invalid.')
      expect(error.errors).toEqual({ [field]: [text] })
      expect(await row('staff@demo.test')).toEqual(before)
    })

    it('accepts a valid RUT, with or without dots, and keeps it in one form', async () => {
      const dotted = await save(
        token,
        profileForm({ name: 'Sergio', email: 'staff@demo.test', rut: '9.876.543-3' }),
      )
      expect(dotted.status).toBe(200)
      expect((await body(dotted)).rut).toBe('9.876.543-3')
      const plain = await save(token, { name: 'Sergio', email: 'staff@demo.test', rut: '12345678-5' })
      expect(plain.status).toBe(200)
      expect((await body(plain)).rut).toBe('12.345.678-5')
    })

    it('refuses a RUT another person of the college has, however it is typed', async () => {
      const res = await save(token, { name: 'Sergio', email: 'staff@demo.test', rut: '11111111-1' })
      expect(res.status).toBe(422)
      expect((await body<ErrorBody>(res)).errors).toEqual({ rut: ['This RUT is already in use'] })
      expect((await row('staff@demo.test')).rut).not.toBe('11.111.111-1')
    })

    it('refuses an email another person of the same college uses', async () => {
      const res = await save(token, { name: 'Sergio', email: 'ADMIN@demo.test' })
      expect(res.status).toBe(422)
      expect((await body<ErrorBody>(res)).errors).toEqual({ email: ['This email address is already in use'] })
      expect((await row('staff@demo.test')).email).toBe('staff@demo.test')
    })

    it('allows an email that only a person of another college uses', async () => {
      const res = await save(token, { name: 'Sergio', email: 'admin@beta.test' })
      expect(res.status).toBe(200)
      expect((await body(res)).email).toBe('admin@beta.test')
      const holders = await t.db
        .selectFrom('users')
        .select('college_id')
        .where('email', '=', 'admin@beta.test')
        .execute()
      expect(holders).toHaveLength(2)
      expect((await save(token, { name: 'Sergio', email: 'staff@demo.test' })).status).toBe(200)
    })

    it('answers in the language of the Spanish catalog when asked in Spanish', async () => {
      // The shipped catalog may not be translated yet: then the English text is the right answer.
      const file = 'src/locales/es/app.po'
      const catalog = existsSync(file) ? PO.parse(readFileSync(file, 'utf8')).items : []
      const translated = (id: string, english: string) =>
        catalog.find((i) => i.msgid === id)?.msgstr[0] || english
      const res = await save(token, { name: '', email: 'bad' }, { 'accept-language': 'es' })
      expect(res.status).toBe(422)
      expect((await body<ErrorBody>(res)).errors).toEqual({
        name: [translated('validation.name_required', 'Your name is required')],
        email: [translated('validation.email_invalid', 'Please enter a valid email address')],
      })
    })
  })

  describe('avatar', () => {
    let token: string
    beforeAll(async () => {
      token = await t.login('admin@demo.test')
    })
    const fields = { name: 'Ana', email: 'admin@demo.test' }

    it.each([
      ['png', 'image/png', 'me.png'],
      ['jpeg', 'image/jpeg', 'me.jpg'],
      ['webp', 'image/webp', 'me.webp'],
    ] as const)('accepts a %s photo and stores it as a 256x256 WebP', async (format, type, name) => {
      const data = await makeImage(format, 900, 600)
      const res = await save(token, profileForm(fields, { data, name, type }))
      expect(res.status).toBe(200)
      const user = await body(res)
      expect(user.avatar_url).toMatch(/^\/media\/avatars\/\d+\/[\w-]+\.webp$/)
      expect(user.avatar).toBe(user.avatar_url)

      const image = await t.request('GET', user.avatar_url)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/webp')
      const meta = await imageMetadata(await image.arrayBuffer())
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
    })

    it('serves the photo only on the college host of its owner', async () => {
      const { avatar_url } = await body(await t.request('GET', '/api/v1/user', { token }))
      expect((await t.request('GET', avatar_url)).status).toBe(200)
      const beta = await t.request('GET', avatar_url, { host: 'beta.localhost' })
      expect(beta.status).toBe(404)
      expect(await body(beta)).toEqual({ message: 'Not found.' })
      expect((await t.request('GET', avatar_url, { host: 'nowhere.test' })).status).toBe(404)
    })

    it('removes the old photo file when a new one replaces it', async () => {
      const first = await body(
        await save(
          token,
          profileForm(fields, {
            data: await makeImage('png', 300, 300, '#ff0000'),
            name: 'a.png',
            type: 'image/png',
          }),
        ),
      )
      const oldKey = first.avatar_url.replace('/media/', '')
      expect(await t.storage.get(oldKey)).toBeDefined()
      const second = await body(
        await save(
          token,
          profileForm(fields, {
            data: await makeImage('png', 300, 300, '#00ff00'),
            name: 'b.png',
            type: 'image/png',
          }),
        ),
      )
      expect(second.avatar_url).not.toBe(first.avatar_url)
      expect(await t.storage.get(oldKey)).toBeUndefined()
      expect((await t.request('GET', first.avatar_url)).status).toBe(404)
      expect((await t.request('GET', second.avatar_url)).status).toBe(200)
    })

    it('keeps the photo when the form is saved without one', async () => {
      const before = await row('admin@demo.test')
      expect(before.avatar).not.toBeNull()
      const res = await save(token, profileForm({ ...fields, phone: '777' }))
      expect(res.status).toBe(200)
      expect((await row('admin@demo.test')).avatar).toBe(before.avatar)
    })

    it.each([
      [
        'a text file named photo.jpg',
        Buffer.from('just some text, not a picture\n'),
        'photo.jpg',
        'image/jpeg',
      ],
      [
        'an SVG picture',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
        'photo.svg',
        'image/svg+xml',
      ],
    ])('refuses %s with 422 on avatar and changes nothing', async (_case, data, name, type) => {
      const before = await row('admin@demo.test')
      const res = await save(token, profileForm({ ...fields, phone: 'changed' }, { data, name, type }))
      expect(res.status).toBe(422)
      expect((await body<ErrorBody>(res)).errors).toEqual({
        avatar: ['The photo must be a JPEG, PNG or WebP image'],
      })
      expect(await row('admin@demo.test')).toEqual(before)
    })

    it('refuses a photo over 5 MB with 422 on avatar and changes nothing', async () => {
      const before = await row('admin@demo.test')
      const big = Buffer.concat([await makeImage('png', 64, 64), Buffer.alloc(5 * 1024 * 1024)])
      const res = await save(
        token,
        profileForm({ ...fields, phone: 'changed' }, { data: big, name: 'big.png', type: 'image/png' }),
      )
      expect(res.status).toBe(422)
      expect((await body<ErrorBody>(res)).errors).toEqual({ avatar: ['The photo must be 5 MB or smaller'] })
      expect(await row('admin@demo.test')).toEqual(before)
    })

    it('answers 413 for an upload over the request limit and changes nothing', async () => {
      const before = await row('admin@demo.test')
      const huge = Buffer.alloc(7 * 1024 * 1024)
      const res = await save(
        token,
        profileForm({ ...fields, phone: 'changed' }, { data: huge, name: 'huge.png', type: 'image/png' }),
      )
      expect(res.status).toBe(413)
      expect(await body(res)).toEqual({ message: 'The request is too large.' })
      expect(await row('admin@demo.test')).toEqual(before)
    })
  })

  it('answers 401 without a token', async () => {
    const res = await t.request('POST', '/api/v1/users/update/profile', { body: profileForm(PROFILE) })
    expect(res.status).toBe(401)
    expect(await body(res)).toEqual({ message: 'Unauthenticated.' })
  })
})
