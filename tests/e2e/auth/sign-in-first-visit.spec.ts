// A first visit of /auth/login gets the sign-in page drawn without React (sign-in.html): a family on a
// slow connection signs in after a few KB. Inside the app, the router draws the same page.
import { expect, type Page, test } from '@playwright/test'
import { PASSWORD } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

/** The scripts a page downloads, by address, with their text. */
function scriptsOf(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.endsWith('.js') && url.pathname !== '/sw.js') {
      scripts.set(
        url.pathname,
        response.text().catch(() => ''),
      )
    }
  })
  return scripts
}

const REACT = 'react.transitional.element'

test('a first visit signs in without downloading React, then the app opens where the family was going', async ({
  page,
}) => {
  const scripts = scriptsOf(page)
  await page.goto('/auth/login?redirect=%2Fapp%2Fprofile')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByTestId('college-name')).toHaveText('Colegio Demo')
  await page.waitForLoadState('networkidle')
  const first = await Promise.all(scripts.values())
  expect(first.length).toBeGreaterThan(0)
  expect(first.filter((text) => text.includes(REACT))).toEqual([])
  expect([...scripts.keys()].filter((path) => path.includes('framework'))).toEqual([])

  await page.getByLabel('Email').fill('guardian@demo.test')
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/profile$/)
  await expect(page.getByTestId('user-name')).toHaveText('Gabriela Apoderada')
})

test('what is typed stays through a change of language, and the recovery form takes the address', async ({
  page,
}) => {
  await page.goto('/auth/login')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByLabel('Email')).toBeFocused()
  // After a first attempt, a field's message follows what is typed.
  await page.getByLabel('Email').fill('guardian@demo.test')
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0)
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid')

  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se connecter')
  await expect(page.getByLabel('E-mail')).toHaveValue('guardian@demo.test')
  await expect(page).toHaveTitle(/Colegio Demo/)
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en')

  await page.getByRole('button', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('heading', { name: 'Recover your password' })).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/login\?forgot=$/)
  await expect(page.getByLabel('Email')).toHaveValue('guardian@demo.test')
  await expect(page.getByLabel('Email')).toBeFocused()
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status')).toContainText('If that address has an account')
  await expect(page.getByRole('button', { name: 'Back to sign in' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/login$/)
})

test('an address from an expired link opens the recovery form filled in; a redirect elsewhere is refused', async ({
  page,
}) => {
  await page.goto('/auth/login?forgot=guardian%40demo.test')
  await expect(page.getByRole('heading', { name: 'Recover your password' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('guardian@demo.test')
  await page.getByRole('button', { name: 'Back to sign in' }).click()

  await page.goto('/auth/login?redirect=%2F%2Fexample.com%2Fapp')
  await page.getByLabel('Email').fill('guardian@demo.test')
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/app/)
  await expect(page.getByTestId('user-name')).toHaveText('Gabriela Apoderada')
})

test("the server's checks land on their fields and a failed connection says what to do", async ({ page }) => {
  await page.goto('/auth/login')
  await page.route('**/api/login-mobile', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Invalid.', errors: { email: ['This account is blocked.'] } }),
    }),
  )
  await page.getByLabel('Email').fill('guardian@demo.test')
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('This account is blocked.')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled()

  await page.route('**/api/login-mobile', (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(
    page.getByText('Signing in needs a connection. Please try again when you are online.'),
  ).toBeVisible()
  await expect(page.getByText('This account is blocked.')).toHaveCount(0)
  await expect(page.getByLabel('Password')).toHaveValue(PASSWORD)
})
