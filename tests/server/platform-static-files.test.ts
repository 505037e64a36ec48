import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="app"></div></body></html>'
const APP_JS = 'console.log("app")'
const SW_JS = 'self.addEventListener("install", () => {})'

let t: TestApp
let root: string
let distDir: string
beforeAll(async () => {
  // A secret beside the client folder, to prove requests cannot climb out of it.
  root = mkdtempSync(join(tmpdir(), 'college-dist-'))
  writeFileSync(join(root, 'secret.txt'), 'TOP-SECRET')
  distDir = join(root, 'dist')
  mkdirSync(distDir)
  mkdirSync(join(distDir, 'assets'))
  writeFileSync(join(distDir, 'index.html'), INDEX)
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), APP_JS)
  writeFileSync(join(distDir, 'sw.js'), SW_JS)
  t = await createTestApp({ distDir })
})
afterAll(async () => {
  await t.close()
  rmSync(root, { recursive: true, force: true })
})

describe('the built client', () => {
  it.each(['/', '/app', '/app/profile', '/auth/reset-password', '/documentos/circulares/2026'])(
    'answers the app shell for the page %s, never cached',
    async (path) => {
      const res = await t.request('GET', path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text()).toBe(INDEX)
    },
  )

  it('serves hashed assets for a year', async () => {
    const res = await t.request('GET', '/assets/app-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toBe(APP_JS)
  })

  it('never lets the service worker be cached', async () => {
    const res = await t.request('GET', '/sw.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toBe(SW_JS)
  })

  it('answers 404, not the shell, for a missing chunk', async () => {
    const res = await t.request('GET', '/assets/missing-chunk.js')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('<div id="app">')
  })

  it.each([
    ['GET', '/api/anything'],
    ['GET', '/api/v1/no-such-area/123'],
    ['POST', '/api/anything'],
    ['GET', '/media/avatars/1/missing.webp'],
  ])('never answers the shell for %s %s', async (method, path) => {
    const res = await t.request(method, path)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.text()).not.toContain('<html')
  })

  it('answers 404 for a page sent with another method', async () => {
    const res = await t.request('POST', '/app/profile')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('<div id="app">')
  })

  it('serves the default pictures from public/', async () => {
    const res = await t.request('GET', '/default/logo.jpeg')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
  })

  it.each([
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
  ])('does not leave the client folder for %s', async (path) => {
    const res = await t.request('GET', path)
    const text = await res.text()
    expect(text).not.toContain('TOP-SECRET')
    expect([200, 404]).toContain(res.status)
    if (res.status === 200) expect(text).toBe(INDEX)
  })

  it('answers 404, not a server error, for a path with broken percent-encoding', async () => {
    const res = await t.request('GET', '/assets/%E0%A4%A.js')
    expect(res.status).toBe(404)
    const page = await t.request('GET', '/app/%E0%A4%A')
    expect(page.status).toBe(200)
    expect(await page.text()).toBe(INDEX)
  })
})

describe('a host no college uses', () => {
  it('gets a 404 page that says so, not a college', async () => {
    for (const path of ['/', '/app/profile']) {
      const res = await t.request('GET', path, { host: 'nowhere.test' })
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toContain('text/html')
      const html = await res.text()
      expect(html).toContain('No college is linked to this address')
      expect(html).not.toContain('<div id="app">')
    }
  })

  it('gets 404 JSON from the API', async () => {
    const res = await t.request('GET', '/api/v1/user', { host: 'nowhere.test' })
    expect(res.status).toBe(404)
    expect(await body(res)).toEqual({ message: 'No college is linked to this address.' })
  })
})
