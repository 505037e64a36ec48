import { expect, test } from '@playwright/test'
import { bearer } from '../helpers/api.ts'
import { writePost } from '../helpers/posts.ts'
import { origin, PASSWORD, signIn } from '../helpers/session.ts'
import {
  answerNewPostsWith,
  expectPublishedOnce,
  serverPostCount,
  waitForServiceWorker,
  writeThenLoseSession,
} from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

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
  await context.route('**/api/v1/posts', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    // The server commits the post, but the answer never reaches the phone.
    await route.fetch()
    delivered++
    await route.abort('connectionreset')
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
})

test('P6: two tabs write offline then reconnect: no duplicates and both tabs update', async ({
  page,
  context,
}) => {
  const first = `Tab one ${Date.now()}`
  const second = `Tab two ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  const other = await context.newPage()
  await other.goto('/blog')
  await context.setOffline(true)
  await writePost(page, first)
  await writePost(other, second)
  await context.setOffline(false)
  for (const tab of [page, other]) {
    await tab.goto('/blog/articles')
    await expect(tab.getByRole('link', { name: first })).toBeVisible()
    await expect(tab.getByRole('link', { name: second })).toBeVisible()
    await expect(tab.getByTestId('sync-state')).toHaveCount(0, { timeout: 20_000 })
  }
  expect(await serverPostCount(page, first)).toBe(1)
  expect(await serverPostCount(page, second)).toBe(1)
})

test('P12: without Background Sync the outbox drains when the app starts again', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => {
    // A browser without Background Sync (every browser but Chromium).
    Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined })
  })
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
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect(page.getByTestId('sync-state')).toHaveCount(0, { timeout: 10_000 })
  expect(await serverPostCount(page, title)).toBe(1)
})
