import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test'
import { bearer } from './api.ts'
import { writePost } from './posts.ts'
import { origin, signIn } from './session.ts'

/**
 * The service worker is installed and controls the page. Polled rather than awaiting
 * `navigator.serviceWorker.ready`, which never settles when an install fails: a failure then names the
 * registration's state instead of running out the test's time.
 */
export async function waitForServiceWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (navigator.serviceWorker.controller) return 'controlling'
          const registration = await navigator.serviceWorker.getRegistration()
          if (!registration) return 'not registered'
          const { installing, waiting, active } = registration
          return `installing ${installing?.state}, waiting ${waiting?.state}, active ${active?.state}`
        }),
      { timeout: 30_000 },
    )
    .toBe('controlling')
}

/** Counts the posts with this title on the server, as the signed-in user of the page sees them. */
export async function serverPostCount(page: Page, title: string): Promise<number> {
  return page.evaluate(async (wanted) => {
    const token = localStorage.getItem('token')
    const res = await fetch('/api/v1/posts?limit=100', { headers: { Authorization: `Bearer ${token}` } })
    const body = (await res.json()) as { data: { title: string }[] }
    return body.data.filter((p) => p.title === wanted).length
  }, title)
}

/**
 * The post reached the server exactly once and this page no longer shows it waiting. The server is asked
 * first: a page that is still loading shows no badge at all, which alone would prove nothing.
 */
export async function expectPublishedOnce(page: Page, title: string): Promise<void> {
  await expect.poll(() => serverPostCount(page, title), { timeout: 20_000 }).toBe(1)
  await expect(page.getByTestId('sync-state')).toHaveCount(0, { timeout: 20_000 })
  expect(await serverPostCount(page, title)).toBe(1)
}

/** The server answers new posts with this status (an outage, a refusal) until `unroute`. */
export async function answerNewPostsWith(
  context: import('@playwright/test').BrowserContext,
  status: number,
  body: object = {},
): Promise<() => Promise<void>> {
  await context.route('**/api/v1/posts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
      : route.fallback(),
  )
  return () => context.unroute('**/api/v1/posts')
}

/**
 * The teacher writes a post offline, and their session ends elsewhere (signed out on another device, or
 * revoked) while it waits: back online, the app says the session has ended and keeps the post.
 */
export async function writeThenLoseSession(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  title: string,
): Promise<void> {
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await writePost(page, title)
  const token = await page.evaluate(() => localStorage.getItem('token'))
  expect((await request.post(`${origin()}/api/logout-mobile`, { headers: bearer(token!) })).status()).toBe(
    200,
  )
  await context.setOffline(false)
  await expect(page.getByText('Your session has ended. Your changes are kept on this device.')).toBeVisible({
    timeout: 20_000,
  })
}

/**
 * Every write waiting in the page's outbox backs off for an hour, as after a long outage: then only what
 * makes waiting writes due at once (back online, back in the tab, a new start) sends them, not the
 * outbox's timer. Set again until it holds (a failed try under way when it was set writes its own).
 */
export async function backOffForAnHour(page: Page): Promise<void> {
  const outbox = (mode: 'set' | 'read') =>
    page.evaluate(async (mode) => {
      const name = (await indexedDB.databases())
        .map((d) => d.name)
        .find((n) => n?.startsWith('college-app-u'))
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name!)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const soonest = await new Promise<number>((resolve, reject) => {
        const transaction = db.transaction('outbox', mode === 'set' ? 'readwrite' : 'readonly')
        let min = Number.POSITIVE_INFINITY
        transaction.objectStore('outbox').openCursor().onsuccess = (event) => {
          const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result
          if (!cursor) return
          const item = cursor.value as { nextAttemptAt: number }
          if (mode === 'set') cursor.update({ ...item, nextAttemptAt: Date.now() + 3_600_000 })
          else min = Math.min(min, item.nextAttemptAt)
          cursor.continue()
        }
        transaction.oncomplete = () => resolve(min)
        transaction.onerror = () => reject(transaction.error)
      })
      db.close()
      return mode === 'set' ? 0 : (soonest - Date.now()) / 60_000
    }, mode)
  await expect
    .poll(async () => {
      await outbox('set')
      await page.waitForTimeout(300)
      return outbox('read')
    })
    .toBeGreaterThan(30)
}
