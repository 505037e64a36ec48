import { expect, test } from '@playwright/test'
import { writePost } from '../helpers/posts.ts'
import { signIn } from '../helpers/session.ts'
import { answerNewPostsWith, waitForServiceWorker } from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

test('a guardian is not offered the writing screens, and opening them by address says there is no access', async ({
  page,
}) => {
  await signIn(page, 'guardian@demo.test')
  const menu = page.getByRole('navigation', { name: 'Main menu' }).first()
  await expect(menu.getByRole('link', { name: 'News' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Articles' })).toHaveCount(0)
  await page.goto('/blog')
  await expect(page.getByRole('link', { name: 'New post' })).toHaveCount(0)

  for (const path of ['/blog/new-post', '/blog/articles', '/blog/articles/new-article']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Content' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'New article' })).toHaveCount(0)
  }
})

test('staff are offered the same screens', async ({ page }) => {
  await signIn(page, 'staff@demo.test')
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).first().getByRole('link', { name: 'Articles' }),
  ).toBeVisible()
  await page.goto('/blog/articles')
  await expect(page.getByRole('link', { name: 'New article' })).toBeVisible()
  await page.goto('/blog/new-post')
  await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible()
})

test('a write the server refuses as forbidden can only be discarded, and says why', async ({
  page,
  context,
}) => {
  const title = `Forbidden ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  // The teacher's role lost the right to publish while the post waited (the server answers 403).
  const restore = await answerNewPostsWith(context, 403, {
    message: 'You do not have permission to do this.',
  })
  await writePost(page, title)
  await expect(page.getByTestId('sync-state')).toHaveText('Needs attention', { timeout: 20_000 })
  await page.getByTestId('outbox-badge').click()
  const item = page.getByTestId('outbox-item').filter({ hasText: title })
  await expect(item).toContainText('You do not have permission to do this, so it cannot be sent.')
  await expect(item.getByRole('link', { name: 'Fix' })).toHaveCount(0)
  await item.getByRole('button', { name: 'Discard' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Discard this change?' })
  await confirm.getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByTestId('outbox-item').filter({ hasText: title })).toHaveCount(0)
  await restore()
})
