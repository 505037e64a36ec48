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

test('a screen that fails says so in the app, apart from a missing connection, with the way home', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  await signIn(page, 'guardian@demo.test')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  // The Gallery's scripts arrive but fail as they run, as a screen with a bug would.
  const broken: string[] = []
  await page.route(/\/assets\/.+\.js$/, (route) => {
    broken.push(route.request().url())
    return route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("the screen broke")' })
  })
  await page.getByRole('link', { name: 'Gallery' }).first().click()
  const error = page.getByTestId('screen-error')
  await expect(error.getByRole('heading', { name: 'Something went wrong on this screen' })).toBeVisible()
  await expect(error).toContainText('tell the school what you were doing')
  await expect(error.getByRole('button', { name: 'Try again' })).toBeVisible()
  expect(broken.length).toBeGreaterThan(0)

  await page.unroute(/\/assets\/.+\.js$/)
  await error.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL(/\/app/)
  await expect(error).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Gallery' }).first()).toBeVisible()
})
