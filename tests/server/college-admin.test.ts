// The college's record: every member reads it, college.manage changes it, and a new name, colour or
// logo is what the next manifest, icons and page show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CollegeRecord } from '#shared/colleges.schema.ts'
import { type BuiltClient, writeBuiltClient } from './helpers/built-client.ts'
import { body, collegeIdOf, EN, type ErrorBody } from './helpers/http.ts'
import { imageMetadata, makeImage } from './helpers/images.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let client: BuiltClient
let admin: string
let demoId: number

beforeAll(async () => {
  client = writeBuiltClient()
  t = await createTestApp({ distDir: client.distDir })
  admin = await t.login('admin@demo.test')
  demoId = await collegeIdOf(t.db, 'demo')
})
afterAll(async () => {
  await t.close()
  client.remove()
})

const send = (method: string, path: string, json?: unknown, token = admin, host = 'localhost') =>
  t.request(method, path, { token, json, host, headers: EN })

async function record(token = admin): Promise<CollegeRecord> {
  return body<CollegeRecord>(await send('GET', '/api/v1/college', undefined, token))
}

/** The record as the form sends it back, with some fields changed. */
async function form(changes: Record<string, unknown> = {}) {
  const r = await record()
  return {
    name: r.name,
    short_name: r.short_name,
    acronym: r.acronym,
    slug: r.slug,
    address: r.address,
    commune_id: r.commune?.id ?? null,
    email: r.email,
    phone: r.phone,
    theme_color: r.setting.theme_color,
    show_onboarding: r.show_onboarding,
    have_advertising: r.have_advertising,
    app_status_publishing: r.app_status_publishing,
    language: r.language,
    timezone: r.timezone,
    ...changes,
  }
}

function upload(kind: string, file: Buffer, type = 'image/png', token = admin) {
  const data = new FormData()
  data.set('file', new Blob([new Uint8Array(file)], { type }), 'picture.png')
  return t.request('POST', `/api/v1/college/images/${kind}`, { token, body: data, headers: EN })
}

describe('reading the record', () => {
  it('answers every field of spec section 3 to any member of the college', async () => {
    const guardian = await t.login('guardian@demo.test')
    const r = await record(guardian)
    expect(r).toEqual({
      id: demoId,
      acronym: 'CD',
      address: 'Av. Siempre Viva 742',
      app_status_publishing: 1,
      commune: { id: expect.any(Number), name: 'Providencia' },
      created_at: expect.any(String),
      email: 'contacto@demo.test',
      have_advertising: true,
      image: null,
      image_menu: null,
      image_splash: null,
      logo: expect.stringMatching(/^\/media\/colleges\/\d+\/logo-[\w-]+\.png$/),
      name: 'Colegio Demo',
      phone: '+56 2 2345 6789',
      setting: { id: demoId, theme_color: '#1d4ed8' },
      short_name: 'Demo',
      show_onboarding: true,
      slug: 'demo',
      places: ['Av. Siempre Viva 742'],
      language: 'es',
      timezone: 'America/Santiago',
      updated_at: expect.any(String),
    })
  })

  it("lists all of Chile's communes with their regions", async () => {
    const res = await send('GET', '/api/v1/communes')
    const communes = (await body(res)).data as { name: string; region: string }[]
    expect(communes).toHaveLength(346)
    expect(communes).toContainEqual({
      id: expect.any(Number),
      name: 'Providencia',
      region: 'Metropolitana de Santiago',
    })
    expect(communes).toContainEqual({
      id: expect.any(Number),
      name: 'Punta Arenas',
      region: 'Magallanes y de la Antártica Chilena',
    })
  })
})

describe('changing the record', () => {
  it('saves the fields, audits them, and the manifest and page follow the new name and colour', async () => {
    const communes = (await body(await send('GET', '/api/v1/communes'))).data as {
      id: number
      name: string
    }[]
    const nunoa = communes.find((c) => c.name === 'Ñuñoa')!
    const res = await send(
      'PUT',
      '/api/v1/college',
      await form({
        name: 'Colegio Demo Ñuñoa',
        short_name: 'Demo Ñuñoa',
        commune_id: nunoa.id,
        theme_color: '#0F766E',
        timezone: 'America/Punta_Arenas',
        show_onboarding: false,
      }),
    )
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await body<CollegeRecord>(res)).toMatchObject({
      name: 'Colegio Demo Ñuñoa',
      commune: { id: nunoa.id, name: 'Ñuñoa' },
      setting: { theme_color: '#0f766e' },
      timezone: 'America/Punta_Arenas',
      show_onboarding: false,
    })
    const manifest = await body(await t.request('GET', '/manifest.webmanifest'))
    expect(manifest).toMatchObject({
      name: 'Colegio Demo Ñuñoa',
      short_name: 'Demo Ñuñoa',
      theme_color: '#0f766e',
    })
    const page = await (await t.request('GET', '/app')).text()
    expect(page).toContain('Colegio Demo Ñuñoa')
    const domain = await body(
      await t.request('POST', '/api/colleges/domain', { json: { domain: 'localhost' } }),
    )
    expect(domain).toMatchObject({ name: 'Colegio Demo Ñuñoa', domain: { theme_color: '#0f766e' } })
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'college.updated')
      .execute()
    expect(JSON.parse(audit.at(-1)!.details).fields).toEqual(
      expect.arrayContaining([
        'name',
        'short_name',
        'commune_id',
        'theme_color',
        'timezone',
        'show_onboarding',
      ]),
    )
  })

  it('refuses bad values with a message on each field and changes nothing', async () => {
    const before = await record()
    const res = await send(
      'PUT',
      '/api/v1/college',
      await form({
        name: '',
        slug: 'Not A Slug!',
        email: 'nope',
        theme_color: 'blue',
        language: 'pt',
        timezone: 'Mars/Olympus',
        commune_id: 999999,
      }),
    )
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({
      name: ['field required.'],
      slug: ['Use only lowercase letters, numbers and hyphens (for example colegio-san-jose)'],
      email: ['Please enter a valid email address'],
      theme_color: ['Please choose a colour such as #1d4ed8'],
      language: ['Please choose a language'],
      timezone: ['Please choose a time zone'],
    })
    const unknownCommune = await send('PUT', '/api/v1/college', await form({ commune_id: 999999 }))
    expect((await body<ErrorBody>(unknownCommune)).errors).toEqual({
      commune_id: ['Please choose a commune from the list'],
    })
    const slugTaken = await send('PUT', '/api/v1/college', await form({ slug: 'beta' }))
    expect((await body<ErrorBody>(slugTaken)).errors).toEqual({
      slug: ['Another college already uses this short name'],
    })
    expect(await record()).toEqual(before)
  })

  it('is refused to staff (403), and an admin of another college changes only their own', async () => {
    const staff = await t.login('staff@demo.test')
    expect((await send('PUT', '/api/v1/college', await form({ name: 'Hack' }), staff)).status).toBe(403)
    expect((await upload('logo', await makeImage('png'), 'image/png', staff)).status).toBe(403)
    const beta = await t.login('admin@beta.test', 'beta.localhost')
    const betaRecord = await body<CollegeRecord>(
      await send('GET', '/api/v1/college', undefined, beta, 'beta.localhost'),
    )
    expect(betaRecord.name).toBe('Beta College')
    expect((await record()).name).toBe('Colegio Demo Ñuñoa')
  })
})

describe('pictures', () => {
  it('a new logo replaces the old file, and the manifest names new icons made from it', async () => {
    const before = await record()
    const iconsBefore = (await body(await t.request('GET', '/manifest.webmanifest'))).icons
    const res = await upload('logo', await makeImage('png', 900, 600, '#ff8800'))
    expect(res.status, await res.clone().text()).toBe(200)
    const after = await body<CollegeRecord>(res)
    expect(after.logo).not.toBe(before.logo)
    const logo = await t.request('GET', after.logo!)
    expect(await imageMetadata(await logo.arrayBuffer())).toMatchObject({
      format: 'png',
      width: 512,
      height: 341,
    })
    expect((await t.request('GET', before.logo!)).status).toBe(404)
    const iconsAfter = (await body(await t.request('GET', '/manifest.webmanifest'))).icons
    expect(iconsAfter[0].src).not.toBe(iconsBefore[0].src)
    expect((await t.request('GET', iconsAfter[0].src)).status).toBe(200)
  })

  it('keeps the other pictures as WebP, refuses what is not a picture, and removes a picture on request', async () => {
    const res = await upload('image_splash', await makeImage('jpeg', 2000, 3000), 'image/jpeg')
    const splash = (await body<CollegeRecord>(res)).image_splash!
    expect(await imageMetadata(await (await t.request('GET', splash)).arrayBuffer())).toMatchObject({
      format: 'webp',
      width: 1080,
      height: 1620,
    })
    const bad = await upload('image', Buffer.from('not a picture'), 'image/png')
    expect(bad.status).toBe(422)
    expect((await body<ErrorBody>(bad)).errors).toEqual({
      file: ['Pictures must be JPEG, PNG or WebP images'],
    })
    expect((await t.request('POST', '/api/v1/college/images/banner', { token: admin })).status).toBe(404)
    const removed = await send('DELETE', '/api/v1/college/images/image_splash')
    expect((await body<CollegeRecord>(removed)).image_splash).toBeNull()
    expect((await t.request('GET', splash)).status).toBe(404)
  })
})

describe('history', () => {
  it('keeps the rich text without scripts, and the public home page shows it', async () => {
    const res = await send('PUT', '/api/v1/college/history', {
      history:
        '<h2>Nuestra historia</h2><p>Fundado en <strong>1965</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    })
    expect(res.status).toBe(200)
    const { history } = await body(res)
    expect(history).toBe('<h2>Nuestra historia</h2><p>Fundado en <strong>1965</strong>.</p>')
    const shown = await body(await t.request('GET', '/api/v1/college/public'))
    expect(shown.history).toBe(history)
  })
})
