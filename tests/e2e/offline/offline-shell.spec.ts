import { expect, test } from '@playwright/test'
import { signIn, signOut } from '../helpers/session.ts'
import { waitForServiceWorker } from '../helpers/sync.ts'

test('after one visit the app opens offline with the user and the offline indicator (P1)', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'))
  await signIn(page, 'guardian@demo.test')
  await waitForServiceWorker(page)
  await page.goto('/app/profile')
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Gabriela')

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('user-name')).toHaveText('Gabriela Apoderada')
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await page.goto('/app/home')
  await expect(page.getByTestId('user-name')).toHaveText('Gabriela Apoderada')
  // Offline navigation never signs anyone out.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()

  // API paths are never answered with the app shell.
  const status = await page.evaluate(async () => {
    try {
      const res = await fetch('/api/v1/user')
      return `${res.status} ${res.headers.get('content-type')}`
    } catch {
      return 'network error'
    }
  })
  expect(status).toBe('network error')
  // Nor is an API address opened as a page (a link, a typed address): the shell's navigation route
  // leaves server paths to the network.
  for (const path of ['/api/v1/user', '/calendar/nothing.ics']) {
    const opened = await page.goto(path).then(
      (res) => `${res?.status()} ${res?.headers()['content-type']}`,
      () => 'network error',
    )
    expect(opened, path).toBe('network error')
  }
  await context.setOffline(false)
  const online = await page.goto('/api/v1/user')
  expect(online?.status()).toBe(401)
  expect(online?.headers()['content-type']).toContain('application/json')
})

test('a signed-out visitor offline sees that signing in needs a connection', async ({ page, context }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'))
  await page.goto('/auth/login')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText('Signing in needs a connection.').first()).toBeVisible()
  await context.setOffline(false)
})

test('the app asks for persistent storage and signing out clears IndexedDB and runtime caches (P9, P10)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('locale', 'en')
    const persist = navigator.storage.persist.bind(navigator.storage)
    navigator.storage.persist = () => {
      localStorage.setItem('persist-asked', 'yes')
      return persist()
    }
  })
  await signIn(page, 'staff@demo.test')
  expect(await page.evaluate(() => localStorage.getItem('persist-asked'))).toBe('yes')
  await page.evaluate(async () => {
    await new Promise<void>((resolve) => {
      const open = indexedDB.open('leftover-of-staff', 1)
      open.onsuccess = () => {
        open.result.close()
        resolve()
      }
    })
    await caches.open('media').then((c) => c.put('/media/x', new Response('x')))
  })
  await signOut(page)
  const left = await page.evaluate(async () => ({
    dbs: (await indexedDB.databases()).map((d) => d.name),
    caches: (await caches.keys()).filter((k) => !k.startsWith('workbox-precache')),
    user: localStorage.getItem('session.user'),
    staffPicture: Boolean(await caches.match('/media/x')),
  }))
  // Only the college's own branding may come back, for the sign-in page: its logo ('media', with the
  // service worker's expiry bookkeeping) and its icons ('install').
  expect(left.dbs.filter((name) => name !== 'workbox-expiration')).toEqual([])
  expect(left.caches.filter((name) => name !== 'media' && name !== 'install')).toEqual([])
  expect(left.staffPicture).toBe(false)
  expect(left.user).toBeNull()
})

test("an installed app's scripts come straight from the precache; a file outside it still loads", async ({
  page,
}) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  // Chromium's static routing names where each answer came from, without the worker's fetch handler.
  const sources = await page.evaluate(() =>
    (
      performance.getEntriesByType('resource') as (PerformanceResourceTiming & {
        workerFinalSourceType?: string
      })[]
    )
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
      .map((entry) => entry.workerFinalSourceType),
  )
  expect(sources.length).toBeGreaterThan(0)
  expect(new Set(sources)).toEqual(new Set(['cache']))
  // A file the precache lacks (pdf.js, loaded by staff online only) goes on to the server, which
  // answers; a route without that fallback would fail it as a network error.
  const outside = await page.evaluate(async () => {
    const precache = (await caches.keys()).find((name) => name.includes('precache'))!
    const kept = new Set((await (await caches.open(precache)).keys()).map((r) => new URL(r.url).pathname))
    const path = '/assets/not-in-the-precache.js'
    return { kept: kept.size, precached: kept.has(path), status: (await fetch(path)).status }
  })
  expect(outside).toEqual({ kept: expect.any(Number), precached: false, status: 404 })
  expect(outside.kept).toBeGreaterThan(50)
})

test("a start draws Home's last news before the mirror has opened, and signing out deletes it", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'))
  await signIn(page, 'guardian@demo.test')
  const cards = page.locator('section[aria-labelledby="latest-posts"] article')
  await expect(cards.first()).toBeVisible()
  const titles = await cards.locator('h2').allTextContents()
  expect(titles.length).toBeGreaterThan(0)

  // The next start's mirror never opens (a phone busy opening it): Home draws what it showed last.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('mirror') === 'stuck')
      IDBFactory.prototype.open = () => ({}) as IDBOpenDBRequest
  })
  await page.evaluate(() => sessionStorage.setItem('mirror', 'stuck'))
  await page.reload()
  await expect(cards.locator('h2')).toHaveText(titles)
  await expect(page.getByRole('status', { name: 'Loading the news…' })).toHaveCount(0)

  await page.evaluate(() => sessionStorage.removeItem('mirror'))
  await page.reload()
  await expect(cards.first()).toBeVisible()
  await signOut(page)
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('kept-answers')),
  )
  expect(kept).toEqual([])
})
