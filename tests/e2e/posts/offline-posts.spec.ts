import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { apiToken, bearer, createCourse } from '../helpers/api.ts'
import { writePost } from '../helpers/posts.ts'
import { origin, signIn, tick } from '../helpers/session.ts'
import { expectPublishedOnce, serverPostCount, waitForServiceWorker } from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

test('a guardian reads the news, goes offline, reloads and still reads them (P1)', async ({
  page,
  context,
}) => {
  await signIn(page, 'guardian@demo.test')
  await waitForServiceWorker(page)
  await page.goto('/blog')
  await expect(page.getByRole('link', { name: 'Salida pedagógica de 1° Básico A' })).toBeVisible()
  // The post for another grade is not for this family.
  await expect(page.getByRole('link', { name: 'Reunión de apoderados de 2° Básico' })).toHaveCount(0)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await page.getByRole('link', { name: 'Salida pedagógica de 1° Básico A' }).click()
  await expect(page.getByRole('heading', { name: 'Salida pedagógica de 1° Básico A' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Salida pedagógica de 1° Básico A' })).toBeVisible()
  await context.setOffline(false)
})

test('a teacher writes a post with a picture offline, closes the tab, and it is published exactly once (P2)', async ({
  page,
  context,
  browser,
}) => {
  const title = `Science fair ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  await page.goto('/blog')
  await expect(page.getByRole('link', { name: 'Comienza el año escolar' })).toBeVisible()

  await context.setOffline(true)
  const picture = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer()
  await writePost(page, title, { picture })
  await expect(page.getByTestId('sync-state')).toHaveText('Waiting to send')
  await page.close()

  const reopened = await context.newPage()
  await reopened.goto('/blog/articles')
  await expect(reopened.getByRole('link', { name: title })).toBeVisible()
  await expect(reopened.getByTestId('sync-state').first()).toHaveText('Waiting to send')
  await expect(reopened.getByTestId('outbox-badge')).toBeVisible()

  await context.setOffline(false)
  await expect(reopened.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 20_000 })
  await expect(reopened.getByTestId('sync-state')).toHaveCount(0)
  expect(await serverPostCount(reopened, title)).toBe(1)

  const guardianContext = await browser.newContext()
  await guardianContext.addInitScript(() => localStorage.setItem('locale', 'en'))
  const guardian = await guardianContext.newPage()
  await signIn(guardian, 'guardian@demo.test')
  await guardian.goto('/blog')
  await guardian.getByRole('link', { name: title }).click()
  await expect(guardian.getByRole('heading', { name: title })).toBeVisible()
  await expect(guardian.getByRole('button', { name: 'Open picture 1' })).toBeVisible()
  await guardianContext.close()
})

test('a post the server refuses on replay needs attention, is fixed and published (P3)', async ({
  page,
  context,
  request,
}) => {
  const course = await createCourse(request, '1° Básico', 'Taller de robótica')

  const title = `Robotics club ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  await page.goto('/blog/new-post')
  await expect(page.getByLabel('Taller de robótica', { exact: true })).toHaveCount(1)

  await context.setOffline(true)
  await writePost(page, title, { course: 'Taller de robótica' })
  await expect(page.getByTestId('sync-state')).toHaveText('Waiting to send')
  // Meanwhile the course is removed by the administrator.
  expect(await course.remove()).toBe(204)

  await context.setOffline(false)
  await expect(page.getByTestId('sync-state')).toHaveText('Needs attention', { timeout: 20_000 })
  await page.getByTestId('outbox-badge').click()
  await expect(page).toHaveURL(/\/app\/outbox/)
  await page.getByRole('link', { name: 'Fix' }).click()
  await expect(
    page.getByText('One of the chosen courses no longer exists. Please choose again.'),
  ).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await tick(page, 'All courses')
  await page.getByRole('button', { name: 'Send again' }).click()
  await expect(page).toHaveURL(/\/blog\/post\//)
  await expectPublishedOnce(page, title)
})

test('a deleted post disappears from another user’s mirror, and the author sees who read it', async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiToken(request, 'admin@demo.test')
  const title = `Bake sale ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await writePost(page, title)
  await expect(page.getByTestId('sync-state')).toHaveCount(0, { timeout: 20_000 })

  const guardianContext = await browser.newContext()
  await guardianContext.addInitScript(() => localStorage.setItem('locale', 'en'))
  const guardian = await guardianContext.newPage()
  await signIn(guardian, 'guardian@demo.test')
  await guardian.goto('/blog')
  await guardian.getByRole('link', { name: title }).click()
  await expect(guardian.getByRole('heading', { name: title })).toBeVisible()

  // The guardian's read reaches the author's report.
  await page.reload()
  await expect(page.getByTestId('read-report')).toContainText(/Read by [1-9]\d* of \d+/, { timeout: 15_000 })

  const id = page.url().split('/').pop()!
  expect((await request.delete(`${origin()}/api/v1/posts/${id}`, { headers: bearer(admin) })).status()).toBe(
    204,
  )
  await guardian.goto('/blog')
  await expect(guardian.getByRole('link', { name: title })).toHaveCount(0, { timeout: 15_000 })
  await guardianContext.close()
})
