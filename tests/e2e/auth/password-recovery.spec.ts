import { expect, test } from '@playwright/test'
import { mailsTo, passwordLinkIn } from '../helpers/mail.ts'
import { signIn } from '../helpers/session.ts'

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'))
  const email = 'student2@demo.test'
  await page.goto('/auth/login')
  await page.getByRole('button', { name: 'Forgot your password?' }).click()
  await page.locator('input[type=email]').fill(email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status')).toContainText('If that address has an account')

  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(1)
  const [mail] = await mailsTo(email)
  await page.goto(passwordLinkIn(mail!))
  await page.getByLabel('New password', { exact: true }).fill('short')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('a-new-secret-1')
  await page.getByLabel('Repeat the new password').fill('a-new-secret-2')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('Repeat the new password').fill('a-new-secret-1')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await expect(page.getByText('Your password has been reset.')).toBeVisible()

  await page.getByRole('link', { name: 'Sign in with your new password' }).click()
  await signIn(page, email, { password: 'a-new-secret-1' })
})
