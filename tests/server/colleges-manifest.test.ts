import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearShortCaches } from '#server/platform/short-cache.ts'
import { body, collegeIdOf } from './helpers/http.ts'
import { imageMetadata, makeImage } from './helpers/images.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

type Icon = { src: string; sizes: string; type: string; purpose: string }
type Manifest = {
  name: string
  short_name: string
  theme_color: string
  lang: string
  dir: string
  start_url: string
  icons: Icon[]
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

async function manifest(host: string): Promise<Manifest> {
  const res = await t.request('GET', '/manifest.webmanifest', { host })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('application/manifest+json')
  expect(res.headers.get('cache-control')).toBe('no-cache')
  return body(res)
}

async function expectPng(host: string, src: string, size: number) {
  const res = await t.request('GET', src, { host })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/png')
  expect(await imageMetadata(await res.arrayBuffer())).toMatchObject({
    format: 'png',
    width: size,
    height: size,
  })
}

describe('GET /manifest.webmanifest', () => {
  it('installs Colegio Demo with its own name, colour, language and icons', async () => {
    const m = await manifest('localhost')
    expect(m).toMatchObject({
      name: 'Colegio Demo',
      short_name: 'Demo',
      theme_color: '#1d4ed8',
      lang: 'es',
      dir: 'ltr',
      start_url: '/app',
      display: 'standalone',
    })
    expect(m.icons).toEqual([
      {
        src: expect.stringMatching(/^\/icons\/\d+\/[a-f0-9]{16}-192\.png$/),
        sizes: '192x192',
        type: 'image/png',
        purpose: 'any',
      },
      { src: expect.stringMatching(/-512\.png$/), sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: expect.stringMatching(/-512-maskable\.png$/),
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ])
    for (const icon of m.icons) await expectPng('localhost', icon.src, Number(icon.sizes.split('x')[0]))
  })

  it('installs Beta College as a different app', async () => {
    const beta = await manifest('beta.localhost')
    const demo = await manifest('localhost')
    expect(beta).toMatchObject({
      name: 'Beta College',
      short_name: 'Beta',
      theme_color: '#047857',
      lang: 'en',
    })
    expect(beta.icons.map((i) => i.src)).not.toEqual(demo.icons.map((i) => i.src))
    for (const icon of beta.icons)
      await expectPng('beta.localhost', icon.src, Number(icon.sizes.split('x')[0]))
    // A college's icons are not served on another college's host.
    expect((await t.request('GET', demo.icons[0]!.src, { host: 'beta.localhost' })).status).toBe(404)
  })

  it('gives new icon addresses when the college changes its logo', async () => {
    const before = await manifest('localhost')
    const demoId = await collegeIdOf(t.db, 'demo')
    const key = `colleges/${demoId}/logo-new-one.png`
    await t.storage.put(key, await makeImage('png', 400, 300, '#ffcc00'))
    await t.db.updateTable('colleges').set({ logo: key }).where('id', '=', demoId).execute()
    // Changed behind the server's back (no request): what it kept of the college is dropped, as a write would.
    clearShortCaches(t.db)

    const after = await manifest('localhost')
    expect(after.icons).toHaveLength(3)
    for (const [i, icon] of after.icons.entries()) {
      expect(icon.src).not.toBe(before.icons[i]!.src)
      const res = await t.request('GET', icon.src)
      expect(res.headers.get('cache-control')).toContain('immutable')
      await expectPng('localhost', icon.src, Number(icon.sizes.split('x')[0]))
    }
    // An installed app still asking for the old icon gets the current one, not a 404 nor a long cache.
    const old = await t.request('GET', before.icons[0]!.src)
    expect(old.status).toBe(200)
    expect(old.headers.get('cache-control')).toBe('no-cache')
  })

  it('answers 404 on a host no college uses', async () => {
    const res = await t.request('GET', '/manifest.webmanifest', { host: 'nowhere.test' })
    expect(res.status).toBe(404)
    expect(await body(res)).toEqual({ message: 'No college is linked to this address.' })
  })

  it('answers 404 for icon names that are not icons', async () => {
    const demoId = await collegeIdOf(t.db, 'demo')
    for (const name of ['../../app.key', 'abcdef0123456789-999.png', 'not-a-hash-192.png']) {
      const res = await t.request('GET', `/icons/${demoId}/${encodeURIComponent(name)}`)
      expect(res.status).toBe(404)
    }
  })
})
