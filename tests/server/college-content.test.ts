// The home page's content: managers, slider, social links and public contacts. Members read them,
// college.manage changes them, the public page shows them, and no college sees another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CollegePublic, Manager, Slide } from '#shared/colleges.schema.ts'
import { body, EN, type ErrorBody } from './helpers/http.ts'
import { imageMetadata, makeImage } from './helpers/images.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let admin: string
let staff: string
let beta: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin@demo.test')
  staff = await t.login('staff@demo.test')
  beta = await t.login('admin@beta.test', 'beta.localhost')
})
afterAll(async () => {
  await t.close()
})

const send = (method: string, path: string, json?: unknown, token = admin, host = 'localhost') =>
  t.request(method, path, { token, json, host, headers: EN })

async function multipart(
  method: string,
  path: string,
  fields: Record<string, string>,
  file?: { field: string; data: Buffer },
  token = admin,
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  if (file) form.set(file.field, new Blob([new Uint8Array(file.data)], { type: 'image/jpeg' }), 'photo.jpg')
  return t.request(method, path, { token, body: form, headers: EN })
}

const publicPage = async (host = 'localhost') =>
  body<CollegePublic>(await t.request('GET', '/api/v1/college/public', { host }))

describe('managers', () => {
  it('creates a manager with a photo, edits them, and the directory shows them', async () => {
    const res = await multipart(
      'POST',
      '/api/v1/college/managers',
      {
        name: 'María Soto',
        position: 'Directora',
        category: 'Dirección',
        email: 'MSoto@demo.test',
        phone: '+56 2 1111 1111',
      },
      { field: 'photo', data: await makeImage('jpeg', 1200, 800) },
    )
    expect(res.status, await res.clone().text()).toBe(201)
    const manager = await body<Manager>(res)
    expect(manager).toMatchObject({ name: 'María Soto', category: 'Dirección', email: 'msoto@demo.test' })
    const photo = await t.request('GET', manager.photo_url!)
    expect(await imageMetadata(await photo.arrayBuffer())).toMatchObject({
      format: 'webp',
      width: 400,
      height: 400,
    })

    const edited = await multipart('POST', `/api/v1/college/managers/${manager.id}`, {
      name: 'María Soto',
      position: 'Directora académica',
      category: 'Dirección',
      remove_photo: '1',
    })
    expect(await body<Manager>(edited)).toMatchObject({ position: 'Directora académica', photo_url: null })
    expect((await t.request('GET', manager.photo_url!)).status).toBe(404)
    expect((await publicPage()).managers.map((m) => m.name)).toContain('María Soto')
  })

  it('searches, filters by category, lists the categories, and pages', async () => {
    for (const [name, category] of [
      ['Juan Pérez', 'Inspectoría'],
      ['Lucía Vera', 'Inspectoría'],
      ['Rosa Díaz', 'Orientación'],
    ] as const)
      await multipart('POST', '/api/v1/college/managers', { name, category, position: 'Encargada' })
    const list = async (query: string) =>
      body(await send('GET', `/api/v1/college/managers${query}`, undefined, staff))
    expect((await list('?q=lucía')).data.map((m: Manager) => m.name)).toEqual(['Lucía Vera'])
    expect(
      (await list(`?category=${encodeURIComponent('Inspectoría')}`)).data.map((m: Manager) => m.name),
    ).toEqual(['Juan Pérez', 'Lucía Vera'])
    expect((await list('')).categories).toEqual(['Dirección', 'Inspectoría', 'Orientación'])
    const first = await list('?limit=2')
    const second = await list(`?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)
    expect([...first.data, ...second.data].map((m: Manager) => m.name)).toEqual([
      'Juan Pérez',
      'Lucía Vera',
      'María Soto',
      'Rosa Díaz',
    ])
  })

  it('refuses a manager without a name, staff changes, and another college reaching them', async () => {
    const empty = await multipart('POST', '/api/v1/college/managers', { name: ' ', email: 'x' })
    expect((await body<ErrorBody>(empty)).errors).toEqual({
      name: ['field required.'],
      email: ['Please enter a valid email address'],
    })
    expect(
      (await multipart('POST', '/api/v1/college/managers', { name: 'X' }, undefined, staff)).status,
    ).toBe(403)
    const [someone] = (await body(await send('GET', '/api/v1/college/managers'))).data as Manager[]
    expect(
      (await send('DELETE', `/api/v1/college/managers/${someone!.id}`, undefined, beta, 'beta.localhost'))
        .status,
    ).toBe(404)
    expect((await send('DELETE', `/api/v1/college/managers/${someone!.id}`)).status).toBe(204)
    expect(
      (await body(await send('GET', '/api/v1/college/managers', undefined, beta, 'beta.localhost'))).data,
    ).toEqual([])
  })
})

describe('the slider', () => {
  it('adds pictures (resized), reorders them, hides one, and the home page shows the active ones in order', async () => {
    const add = async (caption: string) =>
      body<Slide>(
        await multipart(
          'POST',
          '/api/v1/college/slides',
          { caption, link: 'https://demo.test/admision', active: '1' },
          { field: 'image', data: await makeImage('jpeg', 3000, 2000) },
        ),
      )
    const a = await add('Admisión 2027')
    const b = await add('Feria científica')
    const c = await add('Aniversario')
    const picture = await t.request('GET', a.image_url)
    expect(await imageMetadata(await picture.arrayBuffer())).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 900,
    })

    const ordered = await send('PUT', '/api/v1/college/slides/order', { ids: [c.id, a.id, b.id] })
    expect((await body(ordered)).data.map((s: Slide) => s.caption)).toEqual([
      'Aniversario',
      'Admisión 2027',
      'Feria científica',
    ])
    await send('PUT', `/api/v1/college/slides/${a.id}`, { caption: 'Admisión 2027', link: '', active: false })
    expect((await publicPage()).slides.map((s) => s.caption)).toEqual(['Aniversario', 'Feria científica'])
    expect((await send('DELETE', `/api/v1/college/slides/${b.id}`)).status).toBe(204)
    expect((await publicPage()).slides.map((s) => s.caption)).toEqual(['Aniversario'])
  })

  it('needs a picture and a real link', async () => {
    const noImage = await multipart('POST', '/api/v1/college/slides', { caption: 'Sin foto' })
    expect((await body<ErrorBody>(noImage)).errors).toEqual({ image: ['Please choose a picture'] })
    const badLink = await multipart(
      'POST',
      '/api/v1/college/slides',
      { caption: 'x', link: 'javascript:alert(1)' },
      { field: 'image', data: await makeImage('jpeg') },
    )
    expect((await body<ErrorBody>(badLink)).errors).toEqual({
      link: ['Please enter a full web address starting with https://'],
    })
  })
})

describe('social links and public contacts', () => {
  it('keeps valid links in order, refuses addresses that are not web addresses, and shows them', async () => {
    const bad = await send('PUT', '/api/v1/college/social', {
      links: [
        { network: 'facebook', url: 'facebook.com/colegio' },
        { network: 'myspace', url: 'https://myspace.com/x' },
      ],
    })
    expect(bad.status).toBe(422)
    expect((await body<ErrorBody>(bad)).errors).toEqual({
      'links.0.url': ['Please enter a full web address starting with https://'],
      'links.1.network': ['Please choose a network'],
    })
    const links = [
      { network: 'instagram', url: 'https://instagram.com/colegiodemo' },
      { network: 'website', url: 'https://demo.test' },
    ]
    expect(await body(await send('PUT', '/api/v1/college/social', { links }))).toEqual({ links })
    expect((await publicPage()).social).toEqual(links)
    expect((await publicPage('beta.localhost')).social).toEqual([])
  })

  it('keeps the contacts list and its introduction for the sign-up page', async () => {
    const contacts = [
      { area: 'Secretaría', name: 'Patricia', email: 'secretaria@demo.test', phone: '+56 2 2222 2222' },
      { area: 'Admisión', name: '', email: 'admision@demo.test', phone: '' },
    ]
    const res = await send('PUT', '/api/v1/college/contacts', {
      intro: 'Escríbanos de lunes a viernes.',
      contacts,
    })
    expect(await body(res)).toEqual({ intro: 'Escríbanos de lunes a viernes.', contacts })
    const page = await publicPage()
    expect(page.contact_intro).toBe('Escríbanos de lunes a viernes.')
    expect(page.contacts).toEqual(contacts)
    const bad = await send('PUT', '/api/v1/college/contacts', { contacts: [{ area: '', email: 'no' }] })
    expect((await body<ErrorBody>(bad)).errors).toEqual({
      'contacts.0.area': ['field required.'],
      'contacts.0.email': ['Please enter a valid email address'],
    })
    expect((await send('PUT', '/api/v1/college/contacts', { contacts: [] }, staff)).status).toBe(403)
  })
})
