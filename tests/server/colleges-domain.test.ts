import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearShortCaches } from '#server/platform/short-cache.ts'
import { body, collegeIdOf } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let demoId: number
let betaId: number
beforeAll(async () => {
  t = await createTestApp()
  demoId = await collegeIdOf(t.db, 'demo')
  betaId = await collegeIdOf(t.db, 'beta')
})
afterAll(async () => {
  await t.close()
})

describe('POST /api/colleges/domain', () => {
  it('answers Colegio Demo, in Spanish, for localhost', async () => {
    const res = await t.request('POST', '/api/colleges/domain', { json: { domain: 'localhost' } })
    expect(res.status).toBe(200)
    const college = await body(res)
    expect(college).toEqual({
      id: demoId,
      name: 'Colegio Demo',
      domain: {
        college_logo: expect.stringMatching(/^\/media\/colleges\/\d+\/logo-[\w-]+\.png$/),
        college_icon: expect.stringMatching(/^\/icons\/\d+\/[a-f0-9]{16}-192\.png$/),
        college_image: expect.any(String),
        language: 'es',
        theme_color: '#1d4ed8',
        timezone: 'America/Santiago',
        currency: 'CLP',
      },
      suspended: false,
      // The demo college accepts advertising: its app shows the Benefits directory.
      have_advertising: true,
    })
    // The logo it names is really served on that host.
    const logo = await t.request('GET', college.domain.college_logo)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/png')
    // And so is its icon, which screens show at logo size: a 192-pixel square.
    const icon = await t.request('GET', college.domain.college_icon)
    expect(icon.status).toBe(200)
    const { width, height } = await sharp(Buffer.from(await icon.arrayBuffer())).metadata()
    expect([width, height]).toEqual([192, 192])
  })

  it('answers Beta College, in English, for beta.localhost', async () => {
    const res = await t.request('POST', '/api/colleges/domain', {
      host: 'beta.localhost',
      json: { domain: 'beta.localhost' },
    })
    expect(res.status).toBe(200)
    expect(await body(res)).toMatchObject({
      id: betaId,
      name: 'Beta College',
      domain: { language: 'en' },
      have_advertising: false,
    })
  })

  it('names the currency the college keeps its fees in, which the fee screens write amounts in', async () => {
    await t.db.updateTable('colleges').set({ currency: 'USD' }).where('id', '=', betaId).execute()
    clearShortCaches(t.db)
    try {
      const beta = await body(
        await t.request('POST', '/api/colleges/domain', {
          host: 'beta.localhost',
          json: { domain: 'beta.localhost' },
        }),
      )
      expect(beta.domain.currency).toBe('USD')
      // Each college its own: the demo college stays in pesos.
      const demo = await body(
        await t.request('POST', '/api/colleges/domain', { json: { domain: 'localhost' } }),
      )
      expect(demo.domain.currency).toBe('CLP')
    } finally {
      await t.db.updateTable('colleges').set({ currency: 'CLP' }).where('id', '=', betaId).execute()
      clearShortCaches(t.db)
    }
  })

  it("accepts the spec's {params: {domain, company}} form, with a port and any case", async () => {
    const res = await t.request('POST', '/api/colleges/domain', {
      host: 'beta.localhost',
      json: { params: { domain: 'Beta.Localhost:3000', company: 'whatever' } },
    })
    expect(res.status).toBe(200)
    expect(await body(res)).toMatchObject({ id: betaId, name: 'Beta College' })
  })

  it('uses the host asked when no domain is sent', async () => {
    const res = await t.request('POST', '/api/colleges/domain', { host: 'beta.localhost' })
    expect(res.status).toBe(200)
    expect((await body(res)).name).toBe('Beta College')
  })

  it('falls back to the default image when a college has none', async () => {
    const college = await body(
      await t.request('POST', '/api/colleges/domain', { json: { domain: 'localhost' } }),
    )
    expect(college.domain.college_image).toBe('/default/app.jpeg')
  })

  it('answers 404 JSON for a domain no college uses', async () => {
    const res = await t.request('POST', '/api/colleges/domain', { json: { domain: 'nowhere.test' } })
    expect(res.status).toBe(404)
    expect(await body(res)).toEqual({ message: expect.any(String) })
  })

  it('answers 404 JSON on a host no college uses', async () => {
    const res = await t.request('POST', '/api/colleges/domain', { host: 'nowhere.test', json: {} })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect((await body(res)).message).toBe('No college is linked to this address.')
  })
})

describe('GET /api/v1/session/college', () => {
  it("answers the id and name of the token's college", async () => {
    const demo = await t.login('guardian@demo.test')
    const res = await t.request('GET', '/api/v1/session/college', { token: demo })
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({ id: demoId, name: 'Colegio Demo' })

    const beta = await t.login('guardian@beta.test', 'beta.localhost')
    const betaRes = await t.request('GET', '/api/v1/session/college', { host: 'beta.localhost', token: beta })
    expect(await body(betaRes)).toEqual({ id: betaId, name: 'Beta College' })
  })

  it('follows a rename of the college, so the client can sign out', async () => {
    const token = await t.login('student@demo.test')
    await t.db
      .updateTable('colleges')
      .set({ name: 'Colegio Demo Renombrado' })
      .where('id', '=', demoId)
      .execute()
    // Changed behind the server's back (no request): what it kept of the college is dropped, as a write would.
    clearShortCaches(t.db)
    try {
      expect(await body(await t.request('GET', '/api/v1/session/college', { token }))).toEqual({
        id: demoId,
        name: 'Colegio Demo Renombrado',
      })
    } finally {
      await t.db.updateTable('colleges').set({ name: 'Colegio Demo' }).where('id', '=', demoId).execute()
      clearShortCaches(t.db)
    }
  })

  it('answers 401 without a token', async () => {
    const res = await t.request('GET', '/api/v1/session/college')
    expect(res.status).toBe(401)
    expect(await body(res)).toEqual({ message: 'Unauthenticated.' })
  })
})

describe('GET /api/v1/college/public', () => {
  it("answers the public contact details of this host's college", async () => {
    const demo = await t.request('GET', '/api/v1/college/public')
    expect(demo.status).toBe(200)
    expect(await body(demo)).toMatchObject({
      name: 'Colegio Demo',
      email: 'contacto@demo.test',
      phone: '+56 2 2345 6789',
      address: 'Av. Siempre Viva 742',
      commune: 'Providencia',
    })
    const beta = await t.request('GET', '/api/v1/college/public', { host: 'beta.localhost' })
    expect(await body(beta)).toMatchObject({
      name: 'Beta College',
      email: 'office@beta.test',
      commune: 'Santiago',
    })
  })

  it('answers 404 on a host no college uses', async () => {
    expect((await t.request('GET', '/api/v1/college/public', { host: 'nowhere.test' })).status).toBe(404)
  })
})
