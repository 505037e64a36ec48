import { expect, type Page, test } from '@playwright/test'
import { chooseLanguage, signIn } from '../helpers/session.ts'

test('the college language is used until the user picks another; Arabic turns the page right-to-left', async ({
  page,
}) => {
  await page.goto('/auth/login')
  // Colegio Demo speaks Spanish.
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sign in')
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')

  await chooseLanguage(page, 'ar')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

  await chooseLanguage(page, 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
})

test('the dark theme adds is-dark and survives a reload; auto follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/auth/login')
  const html = page.locator('html')
  await expect(html).not.toHaveClass(/is-dark/)
  await page.locator('select').nth(1).selectOption('dark')
  await expect(html).toHaveClass(/is-dark/)
  await page.reload()
  await expect(html).toHaveClass(/is-dark/)
  expect(await page.evaluate(() => localStorage.getItem('color-scheme'))).toBe('dark')

  await page.locator('select').nth(1).selectOption('auto')
  await expect(html).not.toHaveClass(/is-dark/)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(html).toHaveClass(/is-dark/)
})

test("every language name fits the language choice, and the choices fit a small phone's width", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 })
  for (const path of ['/auth/login', '/']) {
    await page.goto(path)
    const language = page.getByRole('combobox', { name: /Idioma|Language/ })
    await expect(language).toBeVisible()
    // The select has a width of its own (it no longer measures each name): the longest must still fit.
    const room = await language.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select)
      const probe = document.createElement('span')
      probe.style.font = style.font
      probe.style.whiteSpace = 'nowrap'
      document.body.append(probe)
      const widths = [...select.options].map((option) => {
        probe.textContent = option.text
        return probe.getBoundingClientRect().width
      })
      probe.remove()
      const inner =
        select.clientWidth -
        Number.parseFloat(style.paddingInlineStart) -
        Number.parseFloat(style.paddingInlineEnd)
      return { inner, widest: Math.max(...widths), names: select.options.length }
    })
    expect(room.names).toBeGreaterThan(5)
    expect(room.widest).toBeLessThanOrEqual(room.inner)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  }
})

test("in German, Home's sections and the links to their lists fit a phone's width", async ({
  page,
  context,
}) => {
  // "Neueste Benachrichtigungen" and "Alle Benachrichtigungen" side by side were wider than the screen,
  // and the link to the notifications reached past its edge.
  await context.addInitScript(() => localStorage.setItem('locale', 'de'))
  await page.setViewportSize({ width: 360, height: 780 })
  await signIn(page, 'admin@demo.test')
  await page.goto('/app/home')
  const link = page.getByRole('link', { name: 'Alle Benachrichtigungen' })
  await expect(link).toBeVisible()
  const box = await link.boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(360)
  await expect(page.getByRole('link', { name: 'Alle Neuigkeiten' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

/** Opens each page in its language and checks that nothing reaches past a 320 px screen. */
async function fitSmallPhone(page: Page, screens: readonly (readonly [string, string, string])[]) {
  await page.setViewportSize({ width: 320, height: 640 })
  for (const [locale, path, seen] of screens) {
    await page.evaluate((code) => localStorage.setItem('locale', code), locale)
    await page.goto(path)
    await expect(page.getByText(seen).first()).toBeVisible()
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${locale} ${path}`,
    ).toBeLessThanOrEqual(320)
  }
}

test("a family's screens with the longest words fit a 320 px phone", async ({ page }) => {
  // German and French phrases on one line (a button, a fee's amounts and its Pay button, a folder's
  // name, new count and document count side by side) reached past the screen's edge.
  await signIn(page, 'guardian@demo.test')
  await fitSmallPhone(page, [
    ['de', '/app/profile', 'Meine Kalenderadresse erstellen'],
    ['de', '/payments', 'Bezahlen'],
    ['fr', '/documentos', 'Formularios'],
  ])
})

test("the school's screens with the longest words fit a 320 px phone", async ({ page }) => {
  // A button's phrase kept on one line ("Enregistrer les paramètres de paiement", 352 px), a card grid
  // as wide as its longest word, a one-word title ("Unternehmensbenutzer") and the school's email
  // address beside its French label reached past the edge.
  await page.goto('/auth/signup-no')
  await fitSmallPhone(page, [['fr', '/auth/signup-no', 'contacto@demo.test']])
  await signIn(page, 'admin@demo.test')
  await fitSmallPhone(page, [
    ['fr', '/admin/integrations', 'Enregistrer les paramètres de paiement'],
    ['es', '/admin/integrations', 'Guardar configuración de pagos'],
    ['de', '/college', 'Kontaktinformationen'],
    ['de', '/companies/users', 'Unternehmensbenutzer'],
  ])
  // A dialog whose title starts with one long word still shows its close button.
  await page.evaluate(() => localStorage.setItem('locale', 'de'))
  await page.goto('/users/roles')
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Erziehungsberechtigte(r)' })
    .getByRole('button', { name: 'Bearbeiten' })
    .click()
  const close = page.getByRole('dialog').getByRole('button', { name: 'Schließen' })
  await expect(close).toBeVisible()
  const box = (await close.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(320)
})
