import { expect, test } from '@playwright/test'
import { writePost } from '../helpers/posts.ts'
import { PASSWORD, signIn } from '../helpers/session.ts'
import {
  answerNewPostsWith,
  backOffForAnHour,
  expectPublishedOnce,
  serverPostCount,
  waitForServiceWorker,
  writeThenLoseSession,
} from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

/** A browser without Background Sync (every browser but Chromium). */
const withoutBackgroundSync = () =>
  Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined })

test('P4: a 401 on replay asks for sign-in, keeps the queue, and the write arrives once afterwards', async ({
  page,
  context,
  request,
}) => {
  const title = `Choir rehearsal ${Date.now()}`
  await writeThenLoseSession(page, context, request, title)
  await expect(page.getByTestId('sync-state')).toHaveText('Waiting to send')
  await page.getByRole('link', { name: 'Sign in again to send them' }).click()
  await expect(page).toHaveURL(/\/auth\/login/)
  await page.locator('input[type=email]').fill('staff@demo.test')
  await page.locator('input[type=password]').fill(PASSWORD)
  await page.locator('form button[type=submit]').click()
  await expect(page).toHaveURL(/\/blog\/post\//)
  await expectPublishedOnce(page, title)
})

test('P5: the tab closes after the server received a write but before it answered: one post after reopening', async ({
  page,
  context,
}) => {
  const title = `Lost answer ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  let delivered = 0
  let lostKey = ''
  await context.route('**/api/v1/posts', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    // The server commits the post, but the answer never reaches the phone.
    await route.fetch()
    delivered++
    lostKey = route.request().headers()['idempotency-key'] ?? ''
    await route.abort('connectionreset')
  })
  // Answers to that same write sent again: the outbox kept it across the closed tab.
  const replayed: boolean[] = []
  context.on('requestfinished', async (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/v1/posts')) return
    if (lostKey && request.headers()['idempotency-key'] === lostKey)
      replayed.push(((await request.response())?.status() ?? 0) < 300)
  })
  await writePost(page, title)
  await expect.poll(() => delivered).toBeGreaterThan(0)
  await page.close()
  await context.unroute('**/api/v1/posts')

  const reopened = await context.newPage()
  await reopened.goto('/blog/articles')
  await expect(reopened.getByRole('link', { name: title })).toBeVisible()
  await expect(reopened.getByTestId('sync-state')).toHaveCount(0, { timeout: 20_000 })
  expect(await serverPostCount(reopened, title)).toBe(1)
  // Not dropped with the tab: sent again under its key, and the server answered with the post it had.
  await expect.poll(() => replayed).toEqual([true])
})

test('P6: two tabs write offline then reconnect: each write is sent once, and both tabs update', async ({
  page,
  context,
}) => {
  const first = `Tab one ${Date.now()}`
  const second = `Tab two ${Date.now()}`
  // Every new post that reached the server, by its Idempotency-Key, from either tab or the worker.
  const sent = new Map<string, number>()
  context.on('requestfinished', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/v1/posts')) return
    const key = request.headers()['idempotency-key'] ?? ''
    sent.set(key, (sent.get(key) ?? 0) + 1)
  })
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  const other = await context.newPage()
  await other.goto('/blog')
  await context.setOffline(true)
  await writePost(page, first)
  await writePost(other, second)
  await context.setOffline(false)
  // Neither tab is reloaded: each sees both posts leave "Waiting to send" on its own.
  for (const tab of [page, other]) {
    await tab.getByRole('link', { name: 'News' }).first().click()
    await expect(tab.getByRole('link', { name: first })).toBeVisible()
    await expect(tab.getByRole('link', { name: second })).toBeVisible()
    await expect(tab.getByTestId('sync-state')).toHaveCount(0, { timeout: 20_000 })
  }
  expect(await serverPostCount(page, first)).toBe(1)
  expect(await serverPostCount(page, second)).toBe(1)
  // One replay of each: the tabs share the outbox and send it under one lock, not once each.
  expect([...sent.values()]).toEqual([1, 1])
})

test('P12: without Background Sync the outbox drains when the app starts again', async ({
  page,
  context,
}) => {
  await context.addInitScript(withoutBackgroundSync)
  const title = `No background sync ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await writePost(page, title)
  await page.close()
  await context.setOffline(false)
  const reopened = await context.newPage()
  await reopened.goto('/blog/articles')
  await expect(reopened.getByRole('link', { name: title })).toBeVisible()
  await expect(reopened.getByTestId('sync-state')).toHaveCount(0, { timeout: 20_000 })
  expect(await serverPostCount(reopened, title)).toBe(1)
})

test('P12: a write that met a server outage goes when the user comes back to the tab', async ({
  page,
  context,
}) => {
  const title = `Outage ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  const restore = await answerNewPostsWith(context, 503)
  await writePost(page, title)
  await expect(page.getByTestId('sync-state')).toHaveText('Waiting to send')
  await restore()
  // Backed off for longer than the test: only coming back to the tab can send it now.
  await backOffForAnHour(page)
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await page.waitForTimeout(500)
  expect(await serverPostCount(page, title)).toBe(0)
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect(page.getByTestId('sync-state')).toHaveCount(0, { timeout: 5_000 })
  expect(await serverPostCount(page, title)).toBe(1)
})

test('P12: without Background Sync a write made offline goes as soon as the device is back online', async ({
  page,
  context,
}) => {
  await context.addInitScript(withoutBackgroundSync)
  const title = `Back online ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await writePost(page, title)
  await expect(page.getByTestId('sync-state')).toHaveText('Waiting to send')
  // Backed off for longer than the test: only the browser's "online" can send it now.
  await backOffForAnHour(page)
  await context.setOffline(false)
  await expect.poll(() => serverPostCount(page, title), { timeout: 5_000 }).toBe(1)
  await expect(page.getByTestId('sync-state')).toHaveCount(0)
})
