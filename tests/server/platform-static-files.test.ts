import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearShortCaches } from '#server/platform/short-cache.ts'
import { APP_JS, type BuiltClient, INDEX, SW_JS, writeBuiltClient } from './helpers/built-client.ts'
import { body } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/** The shell: the same app script and mount point, whatever the college wrote into the head. */
function isShell(html: string): boolean {
  return (
    html.includes('<script type="module" src="/assets/app-abc123.js"></script>') &&
    /<div id="app">(<div class="launch-screen( launch-hero)?">.*?<\/div>)?<\/div>/.test(html)
  )
}

let t: TestApp
let client: BuiltClient
beforeAll(async () => {
  client = writeBuiltClient()
  // A secret beside the client folder, to prove requests cannot climb out of it.
  writeFileSync(join(client.root, 'secret.txt'), 'TOP-SECRET')
  t = await createTestApp({ distDir: client.distDir })
})
afterAll(async () => {
  await t.close()
  client.remove()
})

describe('the built client', () => {
  it.each(['/', '/app', '/app/profile', '/auth/reset-password', '/documentos/circulares/2026'])(
    'answers the app shell for the page %s, never cached',
    async (path) => {
      const res = await t.request('GET', path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(isShell(await res.text())).toBe(true)
    },
  )

  it("answers a first visit of the sign-in page with its own page, drawn without the app's framework", async () => {
    const res = await t.request('GET', '/auth/login?redirect=%2Fapp%2Fprofile')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const html = await res.text()
    expect(html).toContain('<script type="module" src="/assets/sign-in-abc123.js"></script>')
    expect(html).not.toContain('app-abc123.js')
    // The same college page as every other: its details, language and launch screen.
    expect(html).toContain('<script type="application/json" id="college-data">')
    expect(html).toContain('<html lang="es" dir="ltr">')
    expect(html).toMatch(/<div id="app"><div class="launch-screen">/)
  })

  it('serves hashed assets for a year', async () => {
    const res = await t.request('GET', '/assets/app-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toBe(APP_JS)
  })

  it("sends a script without a page's headers, but typed strictly and for this site only", async () => {
    const res = await t.request('GET', '/assets/app-abc123.js')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(res.headers.get('content-security-policy')).toBeNull()
    expect(res.headers.get('x-frame-options')).toBeNull()
    // The service worker is a script too, but it runs under the policy its own answer carries.
    const worker = await t.request('GET', '/sw.js')
    expect(worker.headers.get('content-security-policy')).toContain("script-src 'self'")
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

  it.each(['/documentos/actas/2026.1', '/old-page.php'])(
    'answers the app shell when %s is opened as a page, so the app routes it or says it does not exist',
    async (path) => {
      const res = await t.request('GET', path, {
        headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml' },
      })
      expect(res.status).toBe(200)
      expect(isShell(await res.text())).toBe(true)
    },
  )

  it.each([
    ['GET', '/api/anything'],
    ['GET', '/api/v1/no-such-area/123'],
    ['POST', '/api/anything'],
    ['GET', '/media/avatars/1/missing.webp'],
  ])('never answers the shell for %s %s, even opened as a page', async (method, path) => {
    const res = await t.request(method, path, {
      headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' },
    })
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
    expect(isShell(await page.text())).toBe(true)
  })
})

describe("each college's page", () => {
  const head = (html: string, pattern: RegExp) => html.match(pattern)?.[1]

  it("carries the college's name, language, description and icons, so the first paint is the college's", async () => {
    const html = await (await t.request('GET', '/', { host: 'localhost' })).text()
    expect(head(html, /<html lang="([^"]+)"/)).toBe('es')
    expect(head(html, /<title>([^<]+)<\/title>/)).toContain('Colegio Demo')
    expect(head(html, /<meta property="og:title" content="([^"]+)"/)).toContain('Colegio Demo')
    expect(head(html, /<meta name="description" content="([^"]+)"/)).toContain('Colegio Demo')
    // The description is in the college's language (Spanish), not the template's English.
    expect(head(html, /<meta property="og:description" content="([^"]+)"/)).not.toContain('on any device')
    expect(head(html, /<meta name="theme-color" content="([^"]+)"/)).toBe('#1d4ed8')
    // Nothing inline runs (the CSP allows none): the one script without a source is a JSON data block.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0])
    expect(inline).toEqual(['<script type="application/json" id="college-data">'])
  })

  it('holds what POST /api/colleges/domain answers, so a first visit draws the college without asking', async () => {
    const html = await (await t.request('GET', '/auth/login', { host: 'localhost' })).text()
    const data = JSON.parse(head(html, /<script type="application\/json" id="college-data">(.*?)<\/script>/)!)
    const answer = await t.request('POST', '/api/colleges/domain', { host: 'localhost', json: {} })
    expect(data).toEqual(await body(answer))
    expect(data.name).toBe('Colegio Demo')
  })

  it("shows a launch screen with the college's icon and name until the app draws", async () => {
    // Home's adds its banner of the day (tests/server/home-banner-page.test.ts).
    const html = await (await t.request('GET', '/app/menu', { host: 'localhost' })).text()
    const icon = head(html, /<link rel="icon" href="\/icons\/(\d+\/[a-f0-9]{16})-64\.png"/)!
    expect(html).toContain(
      `<div id="app"><div class="launch-screen"><img src="/icons/${icon}-192.png" alt="" width="128" height="128"><p>Colegio Demo</p></div></div>`,
    )
    // The public home's is its first screen: the college's picture (fetched with the page) behind its name.
    const home = await (await t.request('GET', '/', { host: 'localhost' })).text()
    expect(home).toContain(
      '<div id="app"><div class="launch-screen launch-hero"><img src="/default/app.jpeg" alt="" fetchpriority="high"><p>Colegio Demo</p></div></div>',
    )
  })

  it("names the page's scripts and its language's texts up front, not what the entry already brings", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      )
    const reset = await (await t.request('GET', '/auth/reset-password', { host: 'localhost' })).text()
    expect(preloads(reset)).toEqual([
      '/assets/public-es.js',
      '/assets/reset-password-f3.js',
      '/assets/form-f2.js',
    ])
    const beta = await (await t.request('GET', '/auth/reset-password', { host: 'beta.localhost' })).text()
    expect(preloads(beta)).toEqual([
      '/assets/public-en.js',
      '/assets/reset-password-f3.js',
      '/assets/form-f2.js',
    ])
    // The sign-in page of a first visit has no router: its texts are all it needs besides its script.
    const login = await (await t.request('GET', '/auth/login', { host: 'localhost' })).text()
    expect(preloads(login)).toEqual(['/assets/public-es.js'])
    // A page that needs a session names only the texts: its launch screen has the connection.
    const appHome = await (await t.request('GET', '/app/home', { host: 'localhost' })).text()
    expect(preloads(appHome)).toEqual(['/assets/public-es.js'])
    // A page with parameters, or one the manifest does not know, gets only the texts.
    const other = await (await t.request('GET', '/pyme/details/7', { host: 'localhost' })).text()
    expect(preloads(other)).toEqual(['/assets/public-es.js'])
    // The public home fetches its picture, its largest paint, with the page.
    const home = await (await t.request('GET', '/', { host: 'localhost' })).text()
    expect(home).toContain('<link rel="preload" as="image" fetchpriority="high" href="/default/app.jpeg">')
    expect(login).not.toContain('rel="preload" as="image"')
  })

  it('gives each college its own favicon, drawn from its logo at 64 px', async () => {
    const demo = await (await t.request('GET', '/', { host: 'localhost' })).text()
    const beta = await (await t.request('GET', '/', { host: 'beta.localhost' })).text()
    const demoIcon = head(demo, /<link rel="icon" href="([^"]+)"/)!
    const betaIcon = head(beta, /<link rel="icon" href="([^"]+)"/)!
    expect(demoIcon).toMatch(/^\/icons\/\d+\/[a-f0-9]{16}-64\.png$/)
    expect(betaIcon).not.toBe(demoIcon)
    expect(head(beta, /<html lang="([^"]+)"/)).toBe('en')
    expect(head(beta, /<title>([^<]+)<\/title>/)).toBe('Beta College · School management')
    const icon = await t.request('GET', demoIcon, { host: 'localhost' })
    expect(icon.headers.get('content-type')).toBe('image/png')
    const meta = await sharp(Buffer.from(await icon.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([64, 64])
  })

  it('escapes what a college names itself', async () => {
    await t.db
      .updateTable('colleges')
      .set({ name: 'Colegio "<b>Uno</b>"', updated_at: new Date().toISOString() })
      .where('slug', '=', 'beta')
      .execute()
    // Changed behind the server's back (no request): what it kept of the college is dropped, as a write would.
    clearShortCaches(t.db)
    const html = await (await t.request('GET', '/', { host: 'beta.localhost' })).text()
    expect(html).not.toContain('<b>Uno</b>')
    expect(head(html, /<title>([^<]+)<\/title>/)).toContain('&#60;b&#62;Uno&#60;/b&#62;')
    expect(html).toContain('<p>Colegio &#34;&#60;b&#62;Uno&#60;/b&#62;&#34;</p>')
  })

  it('keeps a name that closes the script element inside the college data', async () => {
    const name = 'Colegio </script><script>alert(1)</script><!--'
    await t.db
      .updateTable('colleges')
      .set({ name, updated_at: new Date(Date.now() + 1000).toISOString() })
      .where('slug', '=', 'beta')
      .execute()
    clearShortCaches(t.db)
    const html = await (await t.request('GET', '/', { host: 'beta.localhost' })).text()
    expect(html).not.toContain('<script>alert(1)')
    const data = JSON.parse(head(html, /<script type="application\/json" id="college-data">(.*?)<\/script>/)!)
    expect(data.name).toBe(name)
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
