// Local businesses, the Benefits directory and banners: a company user reaches only their own
// company's listings, what is refused on the field, what each mirror holds (nothing in a college
// without advertising, no promotion that has ended, no banner changed to have ended), counts summed
// per day without anybody's id, and the other college.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Banner, CollegeBanners } from '#shared/banners.schema.ts'
import type { BenefitFigures, Company, Pyme, PymeCategory } from '#shared/benefits.schema.ts'
import { searchKey } from '#shared/search-key.ts'
import { addDays, todayIn } from '#shared/time-zones.ts'
import { body, collegeIdOf, EN, type ErrorBody } from './helpers/http.ts'
import { imageMetadata, makeImage } from './helpers/images.ts'
import { deleteIds, mirrorOf, pull, pullAll, putIds } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let admin: string
let company: string
let guardian: string
let staff: string
let betaAdmin: string
let betaGuardian: string
let demoId: number
let today: string
let categories: PymeCategory[]

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin@demo.test')
  company = await t.login('company@demo.test')
  guardian = await t.login('guardian@demo.test')
  staff = await t.login('staff@demo.test')
  betaAdmin = await t.login('admin@beta.test', 'beta.localhost')
  betaGuardian = await t.login('guardian@beta.test', 'beta.localhost')
  demoId = await collegeIdOf(t.db, 'demo')
  today = todayIn('America/Santiago')
  categories = (await body<{ data: PymeCategory[] }>(await send('GET', '/api/v1/pyme-categories', guardian)))
    .data
})
afterAll(async () => {
  await t.close()
})

const send = (
  method: string,
  path: string,
  token: string,
  json?: unknown,
  headers = {},
  host = 'localhost',
) => t.request(method, path, { token, json, host, headers: { ...EN, ...headers } })

async function listPymes(token: string, query = ''): Promise<Pyme[]> {
  const res = await send('GET', `/api/v1/pymes${query}`, token)
  expect(res.status).toBe(200)
  return (await body<{ data: Pyme[] }>(res)).data
}

function pymeInput(overrides: Record<string, unknown> = {}) {
  return {
    category_id: categories[0]!.id,
    name: 'Verdulería La Huerta',
    description: 'Frutas y verduras de la estación.',
    address: 'Los Leones 456',
    commune: 'Providencia',
    phone: '+56 2 2222 3333',
    whatsapp: '+56 9 1111 2222',
    hours: 'Lun a sáb, 8:00 a 20:00',
    website: 'https://huerta.example.cl',
    instagram: '',
    facebook: '',
    ...overrides,
  }
}

async function newPyme(token: string, overrides: Record<string, unknown> = {}): Promise<Pyme> {
  const res = await send('POST', '/api/v1/pymes', token, pymeInput(overrides))
  expect(res.status).toBe(201)
  return body<Pyme>(res)
}

const promotionInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Caja de fruta para el curso',
  description: '',
  discount: '10%',
  starts_on: addDays(today, -1),
  ends_on: addDays(today, 10),
  conditions: 'Mostrando la app del colegio.',
  ...overrides,
})

describe('a company user', () => {
  it('lists, reads and changes only their own company’s businesses', async () => {
    const own = await listPymes(company)
    expect(own.map((p) => p.name).sort()).toEqual(['Librería El Lápiz', 'Pastelería Dulce Carla'])
    const all = await listPymes(admin)
    const other = all.find((p) => p.name === 'Óptica Central')!
    expect(other).toBeDefined()
    expect((await send('GET', `/api/v1/pymes/${other.id}`, company)).status).toBe(404)
    expect((await send('PUT', `/api/v1/pymes/${other.id}`, company, pymeInput())).status).toBe(404)
    expect((await send('DELETE', `/api/v1/pymes/${other.id}`, company)).status).toBe(404)
    const promo = await send('POST', `/api/v1/pymes/${other.id}/promotions`, company, promotionInput())
    expect(promo.status).toBe(404)
    const figures = await body<BenefitFigures>(await send('GET', '/api/v1/benefits/figures', company))
    expect(figures.rows.some((r) => r.pyme_id === other.id)).toBe(false)
  })

  it('creates a business for their own company, whatever company it names', async () => {
    const optica = (await listPymes(admin)).find((p) => p.name === 'Óptica Central')!
    const created = await newPyme(company, { company_id: optica.company_id, name: 'Tienda de Carla' })
    expect(created.company_name).toBe('Emprendimientos Carla')
    expect(created.whatsapp).toBe('56911112222')
  })

  it('cannot manage companies, categories, or other people', async () => {
    expect((await send('GET', '/api/v1/companies', company)).status).toBe(403)
    expect(
      (await send('POST', '/api/v1/pyme-categories', company, { name: 'x', icon: 'store' })).status,
    ).toBe(403)
  })

  it('is refused when their account is not linked to a company', async () => {
    const res = await send('POST', '/api/v1/companies', admin, { name: 'Ferretería Tornillo' })
    const ferreteria = await body<Company>(res)
    const invite = await send('POST', `/api/v1/companies/${ferreteria.id}/users`, admin, {
      name: 'Tomás Tornillo',
      email: 'tomas@tornillo.test',
    })
    expect(invite.status).toBe(201)
    const userId = (await body<{ id: number }>(invite)).id
    await t.db.deleteFrom('company_users').where('user_id', '=', userId).execute()
    await t.db
      .updateTable('users')
      .set({
        password_hash: (
          await t.db
            .selectFrom('users')
            .select('password_hash')
            .where('email', '=', 'company@demo.test')
            .executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('id', '=', userId)
      .execute()
    const token = await t.login('tomas@tornillo.test')
    const res2 = await send('GET', '/api/v1/pymes', token)
    expect(res2.status).toBe(403)
    expect((await body<ErrorBody>(res2)).message).toMatch(/not linked to a company/)
  })
})

describe('administrators', () => {
  it('see every company’s businesses and search them', async () => {
    const all = await listPymes(admin)
    expect(all.length).toBeGreaterThanOrEqual(3)
    const found = await listPymes(admin, '?q=vista')
    expect(found.map((p) => p.name)).toEqual(['Óptica Central'])
    const health = categories.find((c) => c.name === 'Salud')!
    expect((await listPymes(admin, `?category_id=${health.id}`)).map((p) => p.name)).toEqual([
      'Óptica Central',
    ])
  })

  it('page through the businesses by name, and mix the search, the category and the company', async () => {
    const all = await listPymes(admin, '?limit=100')
    const names: string[] = []
    let cursor = ''
    do {
      const res = await send('GET', `/api/v1/pymes?limit=1${cursor ? `&cursor=${cursor}` : ''}`, admin)
      const page = await body<{ data: Pyme[]; next_cursor: string | null }>(res)
      expect(page.data.length).toBe(1)
      names.push(page.data[0]!.name)
      cursor = page.next_cursor ?? ''
    } while (cursor)
    expect(names).toEqual(all.map((p) => p.name))
    // By name as read: "Óptica Central" among the Os, not after the Zs as its "Ó" is in bytes.
    const initials = names.map((name) => searchKey(name)[0]!)
    expect(initials).toEqual([...initials].sort())
    expect(names).toContain('Óptica Central')
    const lapiz = all.find((p) => p.name === 'Librería El Lápiz')!
    const its = `?category_id=${lapiz.category_id}`
    const sameCategory = all.filter((p) => p.category_id === lapiz.category_id).map((p) => p.name)
    expect((await listPymes(admin, its)).map((p) => p.name)).toEqual(sameCategory)
    expect((await listPymes(admin, `${its}&q=L%C3%81PIZ`)).map((p) => p.name)).toEqual(['Librería El Lápiz'])
    expect(await listPymes(admin, `${its}&q=vista`)).toEqual([])
    // A company user's search stays within their company.
    expect((await listPymes(company, '?q=librer')).map((p) => p.name)).toEqual(['Librería El Lápiz'])
    expect(await listPymes(company, '?q=vista')).toEqual([])
  })

  it('must name a company of their own college for a new business', async () => {
    const res = await send('POST', '/api/v1/pymes', admin, pymeInput({ company_id: 0 }))
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors?.company_id).toEqual(['Please choose a company.'])
    const betaCompany = await body<Company>(
      await send('POST', '/api/v1/companies', betaAdmin, { name: 'Beta Co' }, {}, 'beta.localhost'),
    )
    const cross = await send('POST', '/api/v1/pymes', admin, pymeInput({ company_id: betaCompany.id }))
    expect(cross.status).toBe(422)
  })

  it('invite a company user once per address, and delete a company only without businesses', async () => {
    const res = await send('POST', '/api/v1/companies', admin, {
      name: 'Panadería Trigo',
      rut: '76086428-5',
      email: 'HOLA@trigo.test',
      phone: '+56 9 5555 4444',
    })
    expect(res.status).toBe(201)
    const trigo = await body<Company>(res)
    expect(trigo).toMatchObject({
      rut: '76.086.428-5',
      email: 'hola@trigo.test',
      pyme_count: 0,
      user_count: 0,
    })
    const invite = (email: string) =>
      send('POST', `/api/v1/companies/${trigo.id}/users`, admin, { name: 'Rosa Trigo', email })
    expect((await invite('rosa@trigo.test')).status).toBe(201)
    const again = await invite('rosa@trigo.test')
    expect(again.status).toBe(422)
    expect((await body<ErrorBody>(again)).errors?.email).toEqual([
      'Someone at this college already uses this email address.',
    ])
    const users = await body<{ data: { email: string; invited: boolean }[] }>(
      await send('GET', `/api/v1/companies/${trigo.id}/users`, admin),
    )
    expect(users.data).toEqual([expect.objectContaining({ email: 'rosa@trigo.test', invited: true })])
    const role = await t.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select('roles.key')
      .where('users.email', '=', 'rosa@trigo.test')
      .executeTakeFirstOrThrow()
    expect(role.key).toBe('company')

    const carla = (await listPymes(admin)).find((p) => p.name === 'Pastelería Dulce Carla')!
    const busy = await send('DELETE', `/api/v1/companies/${carla.company_id}`, admin)
    expect(busy.status).toBe(409)
    expect((await body<ErrorBody>(busy)).message).toBe(
      'This company still has businesses. Delete them first.',
    )
    const logoForm = new FormData()
    logoForm.set(
      'logo',
      new Blob([new Uint8Array(await makeImage('png', 900, 300))], { type: 'image/png' }),
      'l.png',
    )
    const withLogo = await t.request('PUT', `/api/v1/companies/${trigo.id}/logo`, {
      token: admin,
      body: logoForm,
      headers: EN,
    })
    expect(withLogo.status).toBe(200)
    const { logo_url } = await body<Company>(withLogo)
    const logo = await t.request('GET', logo_url!, { token: admin })
    expect(await imageMetadata(await logo.arrayBuffer())).toMatchObject({
      width: 256,
      height: 256,
      format: 'png',
    })
    expect((await send('DELETE', `/api/v1/companies/${trigo.id}`, admin)).status).toBe(204)
    // Its logo goes with it.
    expect((await t.request('GET', logo_url!, { token: admin })).status).toBe(404)
    const rosa = await t.db
      .selectFrom('users')
      .select('deactivated_at')
      .where('email', '=', 'rosa@trigo.test')
      .executeTakeFirstOrThrow()
    expect(rosa.deactivated_at).not.toBeNull()
  })

  it('list companies by name whatever the case and accents, a page at a time', async () => {
    for (const name of ['Zeta Orden', 'ábaco Orden', 'Beta Orden', 'Ácido Orden'])
      expect((await send('POST', '/api/v1/companies', admin, { name })).status).toBe(201)
    const names: string[] = []
    let cursor: string | null = null
    do {
      const res = await send(
        'GET',
        `/api/v1/companies?q=orden&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        admin,
      )
      const page = await body<{ data: Company[]; next_cursor: string | null }>(res)
      names.push(...page.data.map((c) => c.name))
      cursor = page.next_cursor
    } while (cursor)
    expect(names).toEqual(['ábaco Orden', 'Ácido Orden', 'Beta Orden', 'Zeta Orden'])
  })

  it('page through a company’s people by name, search them by name or email, and remove one', async () => {
    const made = await body<Company>(
      await send('POST', '/api/v1/companies', admin, { name: 'Librería Tinta' }),
    )
    const people = [
      'Íñigo Núñez',
      ...Array.from({ length: 22 }, (_, i) => `Persona ${String(i).padStart(2, '0')}`),
    ]
    for (const [i, name] of people.entries()) {
      const res = await send('POST', `/api/v1/companies/${made.id}/users`, admin, {
        name,
        email: `tinta${i}@tinta.test`,
      })
      expect(res.status, await res.clone().text()).toBe(201)
    }
    type Page = { data: { id: number; name: string; email: string }[]; next_cursor: string | null }
    const page = async (query: string) => {
      const res = await send('GET', `/api/v1/companies/${made.id}/users${query}`, admin)
      expect(res.status, await res.clone().text()).toBe(200)
      return body<Page>(res)
    }
    const first = await page('')
    expect(first.data).toHaveLength(20)
    const second = await page(`?cursor=${encodeURIComponent(first.next_cursor!)}`)
    expect(second.next_cursor).toBeNull()
    // Each once, by name as people read it: "Íñigo" among the Is, not after every plain letter as in bytes.
    const listed = [...first.data, ...second.data]
    expect(listed.map((u) => u.name)).toEqual(people)

    // Without accents or case, by name or by email.
    expect((await page('?q=nunez')).data.map((u) => u.name)).toEqual(['Íñigo Núñez'])
    expect((await page('?q=TINTA0%40')).data.map((u) => u.email)).toEqual(['tinta0@tinta.test'])
    expect(await page('?q=nadie')).toEqual({ data: [], next_cursor: null })
    const bad = await send('GET', `/api/v1/companies/${made.id}/users?limit=-1`, admin)
    expect(bad.status).toBe(422)

    const inigo = listed.find((u) => u.name === 'Íñigo Núñez')!
    // Another college's admin cannot see or remove them.
    expect(
      (await send('GET', `/api/v1/companies/${made.id}/users`, betaAdmin, undefined, {}, 'beta.localhost'))
        .status,
    ).toBe(404)
    const fromBeta = await send(
      'DELETE',
      `/api/v1/companies/${made.id}/users/${inigo.id}`,
      betaAdmin,
      undefined,
      {},
      'beta.localhost',
    )
    expect(fromBeta.status).toBe(404)
    expect((await send('DELETE', `/api/v1/companies/${made.id}/users/${inigo.id}`, admin)).status).toBe(204)
    expect((await page('?q=nunez')).data).toEqual([])
    expect((await send('DELETE', `/api/v1/companies/${made.id}/users/${inigo.id}`, admin)).status).toBe(404)
  })

  it('keep a category that still lists businesses, and order them', async () => {
    const used = categories[0]!
    const res = await send('DELETE', `/api/v1/pyme-categories/${used.id}`, admin)
    expect(res.status).toBe(409)
    const created = await body<PymeCategory>(
      await send('POST', '/api/v1/pyme-categories', admin, { name: 'Mascotas', icon: 'paw-print' }),
    )
    const ids = [created.id, ...categories.map((c) => c.id)]
    const ordered = await send('PUT', '/api/v1/pyme-categories/order', admin, { ids })
    expect((await body<{ data: PymeCategory[] }>(ordered)).data.map((c) => c.id)).toEqual(ids)
    expect((await send('PUT', '/api/v1/pyme-categories/order', admin, { ids: ids.slice(1) })).status).toBe(
      422,
    )
    expect((await send('DELETE', `/api/v1/pyme-categories/${created.id}`, admin)).status).toBe(204)
    const bad = await send('POST', '/api/v1/pyme-categories', admin, { name: ' ', icon: 'rocket' })
    expect(Object.keys((await body<ErrorBody>(bad)).errors ?? {}).sort()).toEqual(['icon', 'name'])
  })
})

describe('what is refused on the field', () => {
  it('names each wrong field in the request’s language', async () => {
    const res = await send(
      'POST',
      '/api/v1/pymes',
      company,
      pymeInput({
        name: '',
        phone: 'call me',
        website: 'javascript:alert(1)',
        instagram: 'http://x.cl',
        category_id: 0,
      }),
    )
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({
      name: ['field required.'],
      phone: ['Please enter a phone number such as +56 9 1234 5678.'],
      website: ['Please enter a full address that starts with https://'],
      instagram: ['Please enter a full address that starts with https://'],
      category_id: ['Please choose a category.'],
    })
    const pyme = (await listPymes(company))[0]!
    const promote = async (overrides: Record<string, unknown>) =>
      (
        await body<ErrorBody>(
          await send('POST', `/api/v1/pymes/${pyme.id}/promotions`, company, promotionInput(overrides)),
        )
      ).errors
    expect(await promote({ discount: '' })).toEqual({ discount: ['field required.'] })
    expect(await promote({ starts_on: today, ends_on: addDays(today, -1) })).toEqual({
      ends_on: ['The last day must be on or after the first day.'],
    })
    expect(await promote({ starts_on: '2026-02-30' })).toEqual({ starts_on: ['Please enter a valid date'] })
  })

  it('tells a stale edit apart, with the current copy', async () => {
    const pyme = await newPyme(company, { name: 'Kiosko Recreo' })
    const first = await send(
      'PUT',
      `/api/v1/pymes/${pyme.id}`,
      company,
      pymeInput({ name: 'Kiosko El Recreo' }),
      {
        'if-match': `"${pyme.updated_at}"`,
      },
    )
    expect(first.status).toBe(200)
    const stale = await send('PUT', `/api/v1/pymes/${pyme.id}`, company, pymeInput({ name: 'Kiosko 2' }), {
      'if-match': `"${pyme.updated_at}"`,
    })
    expect(stale.status).toBe(409)
    expect((await body<{ current: Pyme }>(stale)).current.name).toBe('Kiosko El Recreo')
  })

  it('refuses a photo that is not a picture, and serves one that is only on its own host', async () => {
    const pyme = (await listPymes(company))[0]!
    const form = (bytes: Uint8Array, type: string) => {
      const data = new FormData()
      data.set('photo', new Blob([new Uint8Array(bytes)], { type }), 'photo.png')
      return data
    }
    const bad = await t.request('PUT', `/api/v1/pymes/${pyme.id}/photo`, {
      token: company,
      body: form(new TextEncoder().encode('not a picture'), 'image/png'),
      headers: EN,
    })
    expect(bad.status).toBe(422)
    expect(Object.keys((await body<ErrorBody>(bad)).errors ?? {})).toEqual(['photo'])
    const ok = await t.request('PUT', `/api/v1/pymes/${pyme.id}/photo`, {
      token: company,
      body: form(new Uint8Array(await makeImage('png', 2000, 1500)), 'image/png'),
      headers: EN,
    })
    expect(ok.status).toBe(200)
    const { photo_url } = await body<Pyme>(ok)
    expect(photo_url).toMatch(new RegExp(`^/media/pymes/${demoId}/`))
    expect((await t.request('GET', photo_url!, { token: guardian })).status).toBe(200)
    expect((await t.request('GET', photo_url!, { host: 'beta.localhost' })).status).toBe(404)
  })
})

describe('the mirror', () => {
  it('holds the directory in a college with advertising, without promotions that have ended', async () => {
    const { changes } = await pullAll(t, guardian)
    const rows = [...mirrorOf(changes).values()]
    const pymes = rows
      .filter((r) => r.collection === 'pymes')
      .map((r) => (r.op === 'put' ? r.data : null)) as Pyme[]
    expect(pymes.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Pastelería Dulce Carla', 'Óptica Central']),
    )
    const optica = pymes.find((p) => p.name === 'Óptica Central')!
    expect(optica.promotions).toEqual([])
    const dulce = pymes.find((p) => p.name === 'Pastelería Dulce Carla')!
    expect(dulce.promotions.map((p) => p.discount)).toEqual(['15%', '2x1'])
    expect(rows.filter((r) => r.collection === 'pyme_categories').length).toBe(categories.length)
  })

  it('brings a new promotion with its business, and drops a deleted business', async () => {
    const { cursor } = await pullAll(t, guardian)
    const pyme = await newPyme(company, { name: 'Heladería Polo' })
    const promoted = await send('POST', `/api/v1/pymes/${pyme.id}/promotions`, company, promotionInput())
    expect(promoted.status).toBe(201)
    const after = await pullAll(t, guardian, { since: cursor })
    const put = after.changes.filter((c) => c.collection === 'pymes' && c.id === pyme.id).at(-1)
    expect(put?.op === 'put' && (put.data as Pyme).promotions.map((p) => p.title)).toEqual([
      'Caja de fruta para el curso',
    ])
    expect((await send('DELETE', `/api/v1/pymes/${pyme.id}`, company)).status).toBe(204)
    const gone = await pullAll(t, guardian, { since: after.cursor })
    expect(deleteIds(gone.changes, 'pymes')).toEqual([pyme.id])
  })

  it('holds nothing of it in a college without advertising', async () => {
    const betaCategory = await send(
      'POST',
      '/api/v1/pyme-categories',
      betaAdmin,
      { name: 'Food', icon: 'utensils' },
      {},
      'beta.localhost',
    )
    const category = await body<PymeCategory>(betaCategory)
    const betaCompany = await body<Company>(
      await send('POST', '/api/v1/companies', betaAdmin, { name: 'Beta Bakery' }, {}, 'beta.localhost'),
    )
    const created = await send(
      'POST',
      '/api/v1/pymes',
      betaAdmin,
      pymeInput({ company_id: betaCompany.id, category_id: category.id }),
      {},
      'beta.localhost',
    )
    expect(created.status).toBe(201)
    const { changes } = await pullAll(t, betaGuardian, { host: 'beta.localhost' })
    expect(putIds(changes, 'pymes')).toEqual([])
    expect(putIds(changes, 'pyme_categories')).toEqual([])
  })

  it('starts every mirror over when the college turns advertising off', async () => {
    const { cursor } = await pullAll(t, staff)
    await t.db.updateTable('colleges').set({ have_advertising: 0 }).where('id', '=', demoId).execute()
    // What the college screen does: the same update, through the app, bumps everyone's epoch.
    const record = await body<Record<string, unknown>>(await send('GET', '/api/v1/college', admin))
    await t.db.updateTable('colleges').set({ have_advertising: 1 }).where('id', '=', demoId).execute()
    const form = {
      name: record.name,
      short_name: record.short_name,
      acronym: record.acronym,
      slug: record.slug,
      address: record.address,
      commune_id: (record.commune as { id: number } | null)?.id ?? null,
      email: record.email,
      phone: record.phone,
      theme_color: (record.setting as { theme_color: string }).theme_color,
      show_onboarding: record.show_onboarding,
      have_advertising: false,
      app_status_publishing: record.app_status_publishing,
      language: record.language,
      timezone: record.timezone,
    }
    expect((await send('PUT', '/api/v1/college', admin, form)).status).toBe(200)
    const { page } = await pull(t, staff, { since: cursor })
    expect(page.reset).toBe(true)
    const fresh = await pullAll(t, staff)
    expect(putIds(fresh.changes, 'pymes')).toEqual([])
    // Counts are not taken either while advertising is off.
    const pyme = (await listPymes(admin))[0]!
    const counted = await send('POST', '/api/v1/benefits/counts', guardian, {
      items: [{ kind: 'pyme', id: pyme.id, impressions: 3, clicks: 1 }],
    })
    expect(counted.status).toBe(204)
    expect(
      await t.db.selectFrom('benefit_counts').selectAll().where('item_id', '=', pyme.id).execute(),
    ).toEqual([])
    expect((await send('PUT', '/api/v1/college', admin, { ...form, have_advertising: true })).status).toBe(
      200,
    )
    const back = await pullAll(t, staff)
    expect(putIds(back.changes, 'pymes').length).toBeGreaterThanOrEqual(3)
  })
})

describe('counting', () => {
  it('sums impressions and clicks per item and day, with nobody’s id, and shows each their own', async () => {
    const dulce = (await listPymes(company, '?q=Dulce'))[0]!
    const lapiz = (await listPymes(company, '?q=Lápiz'))[0]!
    const promo = dulce.promotions[0]!
    const optica = (await listPymes(admin, '?q=vista'))[0]!
    const report = (token: string, items: unknown[]) =>
      send('POST', '/api/v1/benefits/counts', token, { items })
    expect(
      (
        await report(guardian, [
          { kind: 'pyme', id: dulce.id, impressions: 2, clicks: 1 },
          { kind: 'promotion', id: promo.id, impressions: 2 },
          { kind: 'pyme', id: optica.id, impressions: 5 },
          { kind: 'pyme', id: '00000000-0000-7000-8000-000000000000', impressions: 9 },
        ])
      ).status,
    ).toBe(204)
    expect((await report(staff, [{ kind: 'pyme', id: dulce.id, impressions: 1, clicks: 2 }])).status).toBe(
      204,
    )
    expect((await report(guardian, [{ kind: 'pyme', id: dulce.id, impressions: -1 }])).status).toBe(422)
    expect((await report(guardian, [{ kind: 'pyme', id: dulce.id, impressions: 100_000 }])).status).toBe(422)

    const stored = await t.db
      .selectFrom('benefit_counts')
      .selectAll()
      .where('college_id', '=', demoId)
      .execute()
    expect(Object.keys(stored[0]!).sort()).toEqual([
      'clicks',
      'college_id',
      'day',
      'impressions',
      'item_id',
      'kind',
    ])
    expect(stored.find((r) => r.item_id === dulce.id)).toMatchObject({
      impressions: 3,
      clicks: 3,
      day: today,
    })
    expect(stored.some((r) => r.item_id === '00000000-0000-7000-8000-000000000000')).toBe(false)

    const own = await body<BenefitFigures>(await send('GET', '/api/v1/benefits/figures?days=7', company))
    expect(own).toMatchObject({ from: addDays(today, -6), to: today })
    expect(own.rows.find((r) => r.id === dulce.id)).toMatchObject({ kind: 'pyme', impressions: 3, clicks: 3 })
    expect(own.rows.find((r) => r.id === promo.id)).toMatchObject({
      kind: 'promotion',
      pyme_id: dulce.id,
      impressions: 2,
    })
    expect(own.rows.find((r) => r.id === lapiz.id)).toMatchObject({ impressions: 0, clicks: 0 })
    expect(own.rows.some((r) => r.id === optica.id)).toBe(false)
    const all = await body<BenefitFigures>(await send('GET', '/api/v1/benefits/figures', admin))
    expect(all.rows.find((r) => r.id === optica.id)).toMatchObject({ impressions: 5 })
    expect((await send('GET', '/api/v1/benefits/figures', guardian)).status).toBe(403)
    expect((await send('GET', '/api/v1/benefits/figures?days=9999', admin)).status).toBe(422)
  })
})

describe('another college', () => {
  it('never reaches this college’s businesses, companies or categories', async () => {
    const pyme = (await listPymes(admin))[0]!
    const beta = (method: string, path: string, json?: unknown) =>
      send(method, path, betaAdmin, json, {}, 'beta.localhost')
    expect((await beta('GET', `/api/v1/pymes/${pyme.id}`)).status).toBe(404)
    expect((await beta('PUT', `/api/v1/pymes/${pyme.id}`, pymeInput())).status).toBe(404)
    expect((await beta('DELETE', `/api/v1/pymes/${pyme.id}`)).status).toBe(404)
    expect((await beta('GET', `/api/v1/companies/${pyme.company_id}`)).status).toBe(404)
    expect(
      (await beta('PUT', `/api/v1/pyme-categories/${categories[0]!.id}`, { name: 'x', icon: 'store' }))
        .status,
    ).toBe(404)
    const names = (await body<{ data: Pyme[] }>(await beta('GET', '/api/v1/pymes'))).data.map((p) => p.name)
    expect(names).not.toContain(pyme.name)
    const { changes } = await pullAll(t, betaGuardian, { host: 'beta.localhost' })
    expect(putIds(changes, 'pymes')).not.toContain(pyme.id)
  })
})

describe('banners', () => {
  async function bannerForm(fields: Record<string, string>, image?: Buffer) {
    const form = new FormData()
    for (const [k, val] of Object.entries(fields)) form.set(k, val)
    if (image) form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'b.png')
    return form
  }
  const fields = (overrides: Record<string, string> = {}) => ({
    title: 'Heladería Polo: 2x1 los viernes',
    link: 'https://polo.example.cl',
    placement: 'home',
    starts_on: addDays(today, -1),
    ends_on: addDays(today, 30),
    ...overrides,
  })
  const post = async (form: FormData, token = admin, host = 'localhost') =>
    t.request('POST', '/api/v1/banners', { token, body: form, host, headers: EN })

  it('are made by admins from a picture cropped to a wide strip, with each wrong field named', async () => {
    const missing = await post(await bannerForm(fields()))
    expect((await body<ErrorBody>(missing)).errors).toEqual({ image: ['Please choose a picture'] })
    const bad = await post(
      await bannerForm(
        fields({ link: 'javascript:alert(1)', placement: 'popup', title: '' }),
        await makeImage('png'),
      ),
    )
    expect(Object.keys((await body<ErrorBody>(bad)).errors ?? {}).sort()).toEqual([
      'link',
      'placement',
      'title',
    ])
    expect((await post(await bannerForm(fields(), await makeImage('png')), staff)).status).toBe(403)
    expect((await post(await bannerForm(fields(), await makeImage('png')), company)).status).toBe(403)

    const res = await post(await bannerForm(fields(), await makeImage('png', 800, 800)))
    expect(res.status).toBe(201)
    const banner = await body<Banner>(res)
    const picture = await t.request('GET', banner.image_url, { token: guardian })
    const meta = await imageMetadata(await picture.arrayBuffer())
    expect([meta.width, meta.height]).toEqual([1200, 400])
  })

  it('reach every mirror of the college while they show, and leave it when ended or deleted', async () => {
    const { changes, cursor } = await pullAll(t, guardian)
    const shown = [...mirrorOf(changes).values()].filter((r) => r.collection === 'banners')
    expect(shown.length).toBeGreaterThanOrEqual(2)
    const created = await body<Banner>(
      await post(await bannerForm(fields({ title: 'Feria escolar' }), await makeImage('png'))),
    )
    const after = await pullAll(t, guardian, { since: cursor })
    expect(putIds(after.changes, 'banners')).toEqual([created.id])

    const stale = await send('PUT', `/api/v1/banners/${created.id}`, admin, fields({ title: 'x' }), {
      'if-match': '"2020-01-01T00:00:00.000Z"',
    })
    expect(stale.status).toBe(409)
    const ended = await send(
      'PUT',
      `/api/v1/banners/${created.id}`,
      admin,
      fields({ starts_on: addDays(today, -10), ends_on: addDays(today, -1) }),
      { 'if-match': `"${created.updated_at}"` },
    )
    expect(ended.status).toBe(200)
    const gone = await pullAll(t, guardian, { since: after.cursor })
    expect(deleteIds(gone.changes, 'banners')).toEqual([created.id])

    const other = await body<Banner>(
      await post(await bannerForm(fields({ title: 'Otra' }), await makeImage('png'))),
    )
    const before = await pullAll(t, guardian)
    expect((await send('DELETE', `/api/v1/banners/${other.id}`, admin)).status).toBe(204)
    const deleted = await pullAll(t, guardian, { since: before.cursor })
    expect(deleteIds(deleted.changes, 'banners')).toEqual([other.id])
    expect((await t.request('GET', other.image_url, { token: guardian })).status).toBe(404)
  })

  it('are counted per day and shown to admins, and never reach another college', async () => {
    const banner = await body<Banner>(
      await post(await bannerForm(fields({ title: 'Contado' }), await makeImage('png'))),
    )
    const counted = await send('POST', '/api/v1/benefits/counts', guardian, {
      items: [{ kind: 'banner', id: banner.id, impressions: 4, clicks: 1 }],
    })
    expect(counted.status).toBe(204)
    const figures = await body<BenefitFigures>(await send('GET', '/api/v1/benefits/figures', admin))
    expect(figures.rows.find((r) => r.id === banner.id)).toMatchObject({
      kind: 'banner',
      impressions: 4,
      clicks: 1,
    })
    const own = await body<BenefitFigures>(await send('GET', '/api/v1/benefits/figures', company))
    expect(own.rows.some((r) => r.kind === 'banner')).toBe(false)

    const beta = (method: string, path: string, json?: unknown) =>
      send(method, path, betaAdmin, json, {}, 'beta.localhost')
    expect((await beta('PUT', `/api/v1/banners/${banner.id}`, fields())).status).toBe(404)
    expect((await beta('DELETE', `/api/v1/banners/${banner.id}`)).status).toBe(404)
    const list = await body<{ data: Banner[] }>(await beta('GET', '/api/v1/banners'))
    expect(list.data.map((b) => b.id)).not.toContain(banner.id)
    // A college without advertising mirrors none, even of its own.
    const own2 = await post(await bannerForm(fields(), await makeImage('png')), betaAdmin, 'beta.localhost')
    expect(own2.status).toBe(201)
    const { changes } = await pullAll(t, betaGuardian, { host: 'beta.localhost' })
    expect(putIds(changes, 'banners')).toEqual([])
  })
})

describe('advertising hosts', () => {
  it('let company accounts sign in only on a host of ADVERTISING_HOSTS', async () => {
    const elsewhere = await createTestApp({ advertisingHosts: ['ads.example.cl'] })
    try {
      const login = (email: string) =>
        elsewhere.request('POST', '/api/login-mobile', {
          json: { email, password: 'demo12345' },
          headers: EN,
        })
      const refused = await login('company@demo.test')
      expect(refused.status).toBe(403)
      expect((await body<ErrorBody>(refused)).message).toMatch(
        /Company accounts sign in at the advertising address/,
      )
      // Everyone else signs in as before.
      expect((await login('guardian@demo.test')).status).toBe(200)
    } finally {
      await elsewhere.close()
    }
  })
})

describe('the platform owner’s banners', () => {
  it('sees each college’s advertising and places one banner in several colleges that accept it', async () => {
    const owner = await t.login('root@platform.test')
    const betaId = await collegeIdOf(t.db, 'beta')
    const overview = await body<{ data: CollegeBanners[] }>(
      await send('GET', '/api/v1/platform/banners', owner),
    )
    const demo = overview.data.find((c) => c.id === demoId)!
    expect(demo.have_advertising).toBe(true)
    expect(demo.banners.length).toBeGreaterThanOrEqual(2)
    expect(overview.data.find((c) => c.id === betaId)?.have_advertising).toBe(false)
    expect((await send('GET', '/api/v1/platform/banners', admin)).status).toBe(403)

    const form = async (ids: string) => {
      const data = new FormData()
      data.set('title', 'Feria de emprendedores')
      data.set('placement', 'feed')
      data.set('starts_on', today)
      data.set('ends_on', addDays(today, 5))
      data.set('college_ids', ids)
      data.set('image', new Blob([new Uint8Array(await makeImage('png'))], { type: 'image/png' }), 'b.png')
      return data
    }
    const place = async (ids: string) =>
      t.request('POST', '/api/v1/platform/banners', { token: owner, body: await form(ids), headers: EN })
    const refused = await place(`${demoId},${betaId}`)
    expect(refused.status).toBe(422)
    expect((await body<ErrorBody>(refused)).errors?.college_ids).toEqual([
      'Choose only colleges that accept advertising.',
    ])
    expect((await place('')).status).toBe(422)
    const { cursor } = await pullAll(t, guardian)
    const placed = await place(String(demoId))
    expect(placed.status).toBe(201)
    expect(await body(placed)).toEqual({ created: 1 })
    const after = await pullAll(t, guardian, { since: cursor })
    const put = after.changes.find((ch) => ch.collection === 'banners' && ch.op === 'put')
    expect(put?.op === 'put' && (put.data as Banner).title).toBe('Feria de emprendedores')
  })
})
