import { expect, type Page } from '@playwright/test'
import { LOCALE_NAMES, type Locale } from '#shared/constants.ts'

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

/** Opens the account menu in the header (the avatar button). */
export async function openAccountMenu(page: Page) {
  await page.getByTestId('account-button').click()
  await expect(page.getByRole('menu')).toBeVisible()
}

/** Signs out through the account menu; nothing waits to be sent, so no question is asked. */
export async function signOut(page: Page) {
  await openAccountMenu(page)
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/auth\/login/)
}

/** Public pages have a language select; signed-in pages have the account menu's Language submenu. */
export async function chooseLanguage(page: Page, code: string) {
  const select = page.getByRole('combobox', { name: /Language|Idioma|اللغة|Sprache|Langue|语言/ })
  // One of the two is on screen once the page has drawn (after a reload, the count alone may be 0).
  await expect(select.or(page.getByTestId('account-button'))).toBeVisible()
  if (await select.count()) return select.selectOption(code)
  await openAccountMenu(page)
  await page.getByRole('menuitem', { name: /Language|Idioma|اللغة|Sprache|Langue|语言/ }).click()
  await page.getByRole('menuitemradio', { name: LOCALE_NAMES[code as Locale], exact: true }).click()
}

/** Picks files through the app's own "choose" button, as a person does (the browser's file chooser). */
export async function pickFiles(
  page: Page,
  buttonName: string | RegExp,
  files: { name: string; mimeType: string; buffer: Buffer }[],
) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: buttonName }).click()
  await (await chooser).setFiles(files)
}

/** Ticks (or unticks) a checkbox by clicking its label, as a person does. */
export async function tick(page: Page, name: string, checked = true) {
  const box = page.getByRole('checkbox', { name, exact: true })
  if ((await box.isChecked()) === checked) return
  await page.locator('label').filter({ has: box }).click()
  await expect(box).toBeChecked({ checked })
}
