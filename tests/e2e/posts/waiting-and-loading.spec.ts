import { expect, test } from '@playwright/test'
import { createCourse } from '../helpers/api.ts'
import { writePost } from '../helpers/posts.ts'
import { signIn, tick } from '../helpers/session.ts'
import { waitForServiceWorker } from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

test('while the first sync runs, the home page shows placeholders, not "nothing yet"', async ({
  page,
  context,
}) => {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await context.route('**/api/v1/sync**', async (route) => {
    await held
    await route.fallback()
  })
  await signIn(page, 'guardian@demo.test')
  await expect(page.getByRole('status', { name: 'Loading your notifications…' })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Loading the news…' })).toBeVisible()
  await expect(page.getByText('You have no notifications yet.')).toHaveCount(0)
  await expect(page.getByText('There is no news yet.')).toHaveCount(0)
  release()
  await expect(page.getByText('Bienvenidos al nuevo año escolar')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Latest news' }).getByRole('article').first()).toBeVisible()
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0)
  await context.unroute('**/api/v1/sync**')
})

test('between the pages of a first sync, Home holds a place for what is still coming, and never says "none"', async ({
  page,
  context,
}) => {
  // Small pages, and every page after the first held back until released.
  let pages = 0
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await context.route('**/api/v1/sync**', async (route) => {
    const url = new URL(route.request().url())
    url.searchParams.set('limit', '10')
    if (pages++ > 0) await held
    await route.continue({ url: url.toString() })
  })
  await signIn(page, 'guardian@demo.test')
  await expect.poll(() => pages).toBeGreaterThan(1)
  // The first page has landed: what has not come yet keeps its place and is not called missing.
  const sections = ['Latest notifications', 'Next events', 'Latest news']
  for (const name of sections) {
    await expect(page.getByRole('region', { name }).locator('[aria-busy="true"]')).toHaveCount(1)
  }
  await expect(page.getByText('No events coming up.')).toHaveCount(0)
  await expect(page.getByText('You have no notifications yet.')).toHaveCount(0)
  await expect(page.getByText('There is no news yet.')).toHaveCount(0)
  release()
  await expect(page.getByText('Bienvenidos al nuevo año escolar')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Next events' }).getByRole('listitem').first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await context.unroute('**/api/v1/sync**')
})

test('one post written offline is one change waiting, even after the author opens it', async ({
  page,
  context,
}) => {
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await writePost(page, `Counted once ${Date.now()}`)
  // The author is on the post's page now: opening one's own post is not a read to send.
  await expect(page.getByTestId('outbox-badge')).toHaveAccessibleName('1 waiting to send')
  await page.goto('/app/outbox')
  await expect(page.getByTestId('outbox-item')).toHaveCount(1)
  await context.setOffline(false)
  await expect(page.getByTestId('outbox-item')).toHaveCount(0, { timeout: 20_000 })
})

test("the outbox shows the server's own messages for a write that needs attention", async ({
  page,
  context,
  request,
}) => {
  const course = await createCourse(request, '2° Básico', 'Taller de ajedrez')
  const title = `Chess club ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  await page.goto('/blog/new-post')
  await expect(page.getByRole('checkbox', { name: 'Taller de ajedrez' })).toHaveCount(1)
  await context.setOffline(true)
  await page.getByLabel('Title').fill(title)
  await page.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type('Every Tuesday.')
  await tick(page, '2° Básico')
  await tick(page, 'Taller de ajedrez')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page).toHaveURL(/\/blog\/post\//)
  expect(await course.remove()).toBe(204)
  await context.setOffline(false)
  await expect(page.getByTestId('sync-state')).toHaveText('Needs attention', { timeout: 20_000 })
  await page.goto('/app/outbox')
  const item = page.getByTestId('outbox-item').filter({ hasText: title })
  await expect(item).toContainText('One of the chosen courses no longer exists. Please choose again.')
  await expect(item).not.toContainText('The given data was invalid.')
  await expect(item.getByRole('link', { name: 'Fix' })).toBeVisible()
  await item.getByRole('button', { name: 'Discard' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click()
  await expect(item).toHaveCount(0)
})
