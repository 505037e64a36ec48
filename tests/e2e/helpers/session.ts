import { expect, type Page } from '@playwright/test'

export const PASSWORD = 'demo12345'
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173)
export const MAIL_DIR = '.tmp/e2e-data/mail'

export function origin(host = 'localhost'): string {
  return `http://${host}:${E2E_PORT}`
}

/** Signs in through the real form and waits for the app's landing page. */
export async function signIn(page: Page, email: string, options: { password?: string; host?: string } = {}) {
  await page.goto(`${origin(options.host)}/auth/login`)
  await page.locator('input[type=email]').fill(email)
  await page.locator('input[type=password]').fill(options.password ?? PASSWORD)
  await page.locator('form button[type=submit]').click()
  await expect(page).toHaveURL(/\/app/)
  await expect(page.getByTestId('user-name')).not.toBeEmpty()
}

export async function chooseLanguage(page: Page, code: string) {
  await page.locator('select').first().selectOption(code)
}
