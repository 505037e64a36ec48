import { expect, test } from '@playwright/test'
import { bearer } from '../helpers/api.ts'
import { origin, signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

test('a reset link without its token says it is incomplete and leads to asking for a new one', async ({
  page,
}) => {
  await page.goto('/auth/reset-password?email=guardian%40demo.test')
  await expect(page.getByText('This link is incomplete.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save the new password' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Ask for a new link' }).click()
  await expect(page).toHaveURL(/\/auth\/login/)
  await expect(page.getByRole('heading', { name: 'Recover your password' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('guardian@demo.test')
})

test('an expired or used link says so and offers a new one, with the address filled in', async ({ page }) => {
  await page.goto('/auth/reset-password?token=expired-or-used&email=guardian%40demo.test')
  await page.getByLabel('New password', { exact: true }).fill('a-new-secret-1')
  await page.getByLabel('Repeat the new password').fill('a-new-secret-1')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible()
  await page.getByRole('link', { name: 'Ask for a new link' }).click()
  await expect(page.getByLabel('Email')).toHaveValue('guardian@demo.test')
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status')).toContainText('If that address has an account')
})

test('an earlier sign-in error never stays beside a new one', async ({ page }) => {
  await page.goto('/auth/login')
  await page.getByLabel('Email').fill('guardian@demo.test')
  await page.getByLabel('Password').fill('not-my-password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible()
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByText('These credentials do not match our records.')).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(1)
})

test('a session ended on another device brings the user to sign in, saying why, and back', async ({
  page,
  request,
}) => {
  await signIn(page, 'guardian@demo.test')
  // Settled first: a request still in flight when the session ends would end it on this screen. (Not
  // "networkidle": the live stream of pokes stays open for as long as the page.)
  const synced = page.waitForResponse((r) => r.url().includes('/api/v1/sync'))
  await page.goto('/app/profile')
  await synced
  await expect(page.getByLabel('Email')).toHaveValue('guardian@demo.test')
  // Signed out everywhere from another device (here: the same token revoked through the API).
  const token = await page.evaluate(() => localStorage.getItem('token'))
  expect((await request.post(`${origin()}/api/logout-mobile`, { headers: bearer(token!) })).status()).toBe(
    200,
  )
  // The next screen's session check finds the session over.
  await page.goto('/app/home')
  await expect(page).toHaveURL(/\/auth\/login/)
  await expect(page.getByText('Your session has ended')).toBeVisible()
  await page.getByLabel('Email').fill('guardian@demo.test')
  await page.getByLabel('Password').fill('demo12345')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/(home|profile)/)
  await expect(page.getByText('Your session has ended')).toHaveCount(0)
})
