import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { apiToken, bearer } from '../helpers/api.ts'
import { writePost } from '../helpers/posts.ts'
import { openAccountMenu, origin, PASSWORD, signIn } from '../helpers/session.ts'
import {
  answerNewPostsWith,
  backOffForAnHour,
  waitForServiceWorker,
  writeThenLoseSession,
} from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

async function postsTitled(request: APIRequestContext, title: string): Promise<number> {
  const token = await apiToken(request, 'admin@demo.test')
  const res = await request.get(`${origin()}/api/v1/posts?limit=100`, { headers: bearer(token) })
  return ((await res.json()) as { data: { title: string }[] }).data.filter((p) => p.title === title).length
}

async function askToSignOut(page: import('@playwright/test').Page) {
  await openAccountMenu(page)
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
}

test('P13: signing out online sends what waits first, then signs out', async ({ page, context, request }) => {
  const title = `Sent before leaving ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  // The server is briefly down: the post waits, backing off.
  const restore = await answerNewPostsWith(context, 503)
  await writePost(page, title)
  await expect(page.getByTestId('sync-state')).toHaveText('Waiting to send')
  await restore()
  // Backed off for longer than the test: only the sign-out's own sending can deliver it now.
  await backOffForAnHour(page)
  await askToSignOut(page)
  await expect(page).toHaveURL(/\/auth\/login/, { timeout: 15_000 })
  expect(await postsTitled(request, title)).toBe(1)
})

test('P13: signing out offline warns what would be lost; staying keeps it, discarding deletes it', async ({
  page,
  context,
  request,
}) => {
  const title = `Would be lost ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await writePost(page, title)
  await askToSignOut(page)
  const warning = page.getByRole('alertdialog', { name: 'Your changes have not been sent' })
  await expect(warning).toContainText('If you sign out now, 1 change made on this device will be lost.')
  await expect(warning.getByTestId('unsent-changes')).toContainText(`New post: ${title}`)
  await warning.getByRole('button', { name: 'Stay signed in' }).click()
  await expect(warning).toHaveCount(0)
  await expect(page.getByTestId('sync-state')).toHaveText('Waiting to send')
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()

  await askToSignOut(page)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard them and sign out' }).click()
  await expect(page).toHaveURL(/\/auth\/login/)
  await context.setOffline(false)
  await page.waitForTimeout(1000)
  expect(await postsTitled(request, title)).toBe(0)
})

test('a sign-out made offline ends the session on the server once the device is back online', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, 'guardian@demo.test')
  await waitForServiceWorker(page)
  const token = (await page.evaluate(() => localStorage.getItem('token')))!
  await context.setOffline(true)
  await askToSignOut(page)
  await expect(page).toHaveURL(/\/auth\/login/)
  // Still valid: the server has not heard of the sign-out yet.
  expect((await request.get(`${origin()}/api/v1/user`, { headers: bearer(token) })).status()).toBe(200)
  await context.setOffline(false)
  await expect
    .poll(async () => (await request.get(`${origin()}/api/v1/user`, { headers: bearer(token) })).status(), {
      timeout: 15_000,
    })
    .toBe(401)
})

test("P13: another person's unsent writes outlive someone else's sign-out on the same device", async ({
  page,
  context,
  request,
}) => {
  const title = `Left by a colleague ${Date.now()}`
  await writeThenLoseSession(page, context, request, title)

  // Someone else signs in on this device instead, and signs out again with nothing of their own waiting.
  await page.getByRole('link', { name: 'Sign in again to send them' }).click()
  await page.locator('input[type=email]').fill('admin@demo.test')
  await page.locator('input[type=password]').fill(PASSWORD)
  await page.locator('form button[type=submit]').click()
  await expect(page.getByTestId('user-name')).not.toBeEmpty()
  await askToSignOut(page)
  await expect(page).toHaveURL(/\/auth\/login/)
  expect(await postsTitled(request, title)).toBe(0)

  // The teacher's post was kept for them, and goes once they sign in here again.
  await page.locator('input[type=email]').fill('staff@demo.test')
  await page.locator('input[type=password]').fill(PASSWORD)
  await page.locator('form button[type=submit]').click()
  await expect.poll(() => postsTitled(request, title), { timeout: 20_000 }).toBe(1)
})

for (const [situation, reason, arrange] of [
  [
    'the server is down',
    'The server could not be reached. Try again in a moment.',
    async (page: Page, context: BrowserContext) => {
      await signIn(page, 'staff@demo.test')
      await answerNewPostsWith(context, 503)
    },
  ],
  [
    'the server refused the change',
    'The server refused some of them: fix or discard them in "Waiting to send".',
    async (page: Page, context: BrowserContext) => {
      await signIn(page, 'staff@demo.test')
      await answerNewPostsWith(context, 422, {
        message: 'The given data was invalid.',
        errors: { title: ['The title is too long.'] },
      })
    },
  ],
] as const) {
  test(`P13: signing out online while ${situation} warns and keeps the change`, async ({
    page,
    context,
    request,
  }) => {
    const title = `Kept at sign-out ${Date.now()}`
    await arrange(page, context)
    await writePost(page, title)
    await askToSignOut(page)
    const warning = page.getByRole('alertdialog', { name: 'Your changes have not been sent' })
    await expect(warning).toContainText(reason, { timeout: 15_000 })
    await expect(warning.getByTestId('unsent-changes')).toContainText(`New post: ${title}`)
    await warning.getByRole('button', { name: 'Stay signed in' }).click()
    await expect(page.getByTestId('sync-state')).toBeVisible()
    await context.unroute('**/api/v1/posts')
    expect(await postsTitled(request, title)).toBe(0)
  })
}

test('P13: signing out after the session ended elsewhere warns and offers to sign in again', async ({
  page,
  context,
  request,
}) => {
  const title = `Session gone at sign-out ${Date.now()}`
  await writeThenLoseSession(page, context, request, title)
  await askToSignOut(page)
  const warning = page.getByRole('alertdialog', { name: 'Your changes have not been sent' })
  await expect(warning).toContainText(
    'Your session has ended, so they cannot be sent until you sign in again.',
  )
  await expect(warning.getByTestId('unsent-changes')).toContainText(`New post: ${title}`)
  await warning.getByRole('button', { name: 'Sign in again to send them' }).click()
  await page.locator('input[type=email]').fill('staff@demo.test')
  await page.locator('input[type=password]').fill(PASSWORD)
  await page.locator('form button[type=submit]').click()
  await expect.poll(() => postsTitled(request, title), { timeout: 20_000 }).toBe(1)
})
