import { expect, test } from '@playwright/test'
import { signIn } from '../helpers/session.ts'

// A first visit on a weak signal: the app is not saved on the phone yet (no service worker here) when
// the connection drops and a screen never opened is tapped.
test.use({ serviceWorkers: 'block' })

test('a screen not yet saved on the device, opened offline, says so in the app and opens once back online', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  await signIn(page, 'guardian@demo.test')
  await context.setOffline(true)
  await page.getByRole('link', { name: 'Gallery' }).first().click()
  const error = page.getByTestId('screen-error')
  await expect(
    error.getByRole('heading', { name: 'This screen is not saved on this device yet' }),
  ).toBeVisible()
  await expect(error).toContainText('It opens by itself when you are back online.')
  // Still the app, not the browser's "no internet" page, with its way home.
  await expect(error.getByRole('link', { name: 'Go to the home page' })).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByRole('heading', { name: 'Gallery', level: 1 })).toBeVisible({ timeout: 15_000 })
  await expect(error).toHaveCount(0)
})
