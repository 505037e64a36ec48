import { expect, test } from '@playwright/test'
import { signIn } from '../helpers/session.ts'

// The browser is English (en-US); Colegio Demo speaks Spanish, and so must every widget.
test.use({ locale: 'en-US' })

test("dates and the picture picker speak the app's language, not the browser's", async ({ page }) => {
  await signIn(page, 'staff@demo.test')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.goto('/blog/new-post')
  const date = page.getByRole('group', { name: 'Fecha de publicación' })
  // Spanish order and names: day first ("día"), not the browser's month/day/year.
  await expect(date.getByRole('spinbutton').first()).toHaveAccessibleName(/^día/)
  await expect(date.getByRole('spinbutton').nth(1)).toHaveAccessibleName(/^mes/)
  // The picture picker is the app's own button, in Spanish; the browser's "Choose file" is not shown.
  await expect(page.getByRole('button', { name: 'Agregar imágenes' })).toBeVisible()
  await expect(page.locator('input[type=file]:visible')).toHaveCount(0)
  // Dates shown in lists follow the app's language too.
  await page.goto('/blog/articles')
  await expect(
    page.getByText(/\d{1,2} (de )?(ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)/).first(),
  ).toBeVisible()
})

test("a person's first name and the name of a thing are told apart in every language", async ({ page }) => {
  // One "Name" served both, translated as a first name: the college's own name was "Vorname" in
  // German and "Prénom" in French, as were a role's, a folder's and a category's.
  await signIn(page, 'admin@demo.test')
  for (const [locale, firstName, name] of [
    ['de', 'Vorname', 'Name'],
    ['fr', 'Prénom', 'Nom'],
    ['zh-CN', '名字', '名称'],
  ] as const) {
    await page.evaluate((code) => localStorage.setItem('locale', code), locale)
    await page.goto('/users/new')
    await expect(page.getByLabel(firstName, { exact: true })).toBeVisible()
    await page.goto('/colleges/details')
    await expect(page.getByLabel(name, { exact: true })).toHaveValue('Colegio Demo')
    await expect(page.getByLabel(firstName, { exact: true })).toHaveCount(0)
  }
  // Chinese names a person (姓名) with another word than a thing (名称).
  await page.goto('/users')
  await expect(page.getByRole('columnheader', { name: '姓名' })).toBeVisible()
})

test('in Spanish each word agrees with what it is about', async ({ page, browser }) => {
  // One "New" served a post (noticia: "Nueva") and a document ("Nuevo"); one "Due" served a family's
  // fee ("Por pagar") and the total a school bills, beside "Por recaudar", where it read as owed twice.
  await signIn(page, 'guardian@demo.test')
  await page.goto('/documentos/circulares')
  // The demo's circular is in the folder of its year.
  await page.getByRole('main').getByRole('list', { name: 'Carpetas' }).getByRole('link').first().click()
  await expect(page.getByTestId('document').first()).toBeVisible()
  await expect(page.getByText('Nuevo', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Nueva', { exact: true })).toHaveCount(0)

  const office = await (await browser.newContext()).newPage()
  await signIn(office, 'admin@demo.test')
  await office.goto('/payments/payments')
  await office.getByRole('tab', { name: 'Resumen' }).click()
  await expect(office.getByText('Total a cobrar').first()).toBeVisible()
  await expect(office.getByText('Por pagar', { exact: true })).toHaveCount(0)
  await office.context().close()
})
