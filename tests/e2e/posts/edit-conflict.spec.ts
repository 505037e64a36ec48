import { expect, test } from '@playwright/test'
import { apiToken, bearer } from '../helpers/api.ts'
import { writePost } from '../helpers/posts.ts'
import { origin, signIn } from '../helpers/session.ts'
import { serverPostCount, waitForServiceWorker } from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

test('an offline edit that meets a newer version shows both, and the teacher keeps theirs', async ({
  page,
  context,
  request,
}) => {
  const title = `Field day ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  await writePost(page, title)
  await expect(page.getByTestId('sync-state')).toHaveCount(0, { timeout: 20_000 })
  // The office edits it next: it must have reached the server first.
  await expect.poll(() => serverPostCount(page, title), { timeout: 20_000 }).toBe(1)
  const id = page.url().split('/').pop()!

  await context.setOffline(true)
  await page.goto(`/blog/new-post?edit=${id}`)
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await page.getByLabel('Title').fill(`${title} (moved to Friday)`)
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByTestId('sync-state')).toHaveText('Waiting to send')

  // Meanwhile the office changes the same post from another device.
  const admin = await apiToken(request, 'admin@demo.test')
  const changed = await request.put(`${origin()}/api/v1/posts/${id}`, {
    headers: bearer(admin),
    data: {
      title: `${title} (cancelled)`,
      content: '<p>Cancelled because of rain.</p>',
      grades: ['all'],
      courses: ['all'],
    },
  })
  expect(changed.status()).toBe(200)

  await context.setOffline(false)
  await expect(page.getByTestId('sync-state')).toHaveText('Needs attention', { timeout: 20_000 })
  await page.goto('/app/outbox')
  const item = page.getByTestId('outbox-item').filter({ hasText: title })
  await expect(item).toContainText('Someone else changed this while your change was waiting.')
  await item.getByRole('button', { name: 'Compare and choose' }).click()
  const dialog = page.getByRole('dialog', { name: 'Someone else changed this post' })
  await expect(dialog.getByText(`${title} (moved to Friday)`)).toBeVisible()
  await expect(dialog.getByText(`${title} (cancelled)`)).toBeVisible()
  await dialog.getByRole('button', { name: 'Keep mine' }).click()
  await expect(page.getByTestId('outbox-item')).toHaveCount(0, { timeout: 20_000 })

  const res = await request.get(`${origin()}/api/v1/posts/${id}`, { headers: bearer(admin) })
  expect(((await res.json()) as { title: string }).title).toBe(`${title} (moved to Friday)`)
})
