// Every run starts from a fresh demo (playwright.config.ts), so the people made here have fixed names.
// The school office runs its people from the app: one by one with a welcome mail, by the hundred from
// a spreadsheet, searched from the address; families are never offered these screens.
import { expect, type Page, test } from '@playwright/test'
import { mailsTo, passwordLinkIn } from '../helpers/mail.ts'
import { pickFiles, signIn } from '../helpers/session.ts'
import { waitForServiceWorker } from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

/** A React Aria select: its button is named by its value and its label ("Choose a role Role"). */
async function choose(page: Page, field: string, option: string) {
  await page.getByRole('button', { name: field }).first().click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test('an admin adds a person, who chooses a password from the welcome mail and signs in', async ({
  page,
  browser,
}) => {
  const email = 'valeria@demo.test'
  await signIn(page, 'admin@demo.test')
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .first()
    .getByRole('link', { name: 'People' })
    .click()
  await page.getByRole('link', { name: 'New person' }).click()
  await expect(page.getByRole('heading', { name: 'New person', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Add person' }).click()
  await expect(page.getByText('Your name is required')).toBeVisible()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByText('Please choose a role')).toBeVisible()

  await page.getByLabel('First name', { exact: true }).fill('Valeria')
  await page.getByLabel('First last name').fill('Muñoz')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('RUT').fill('12.345.678-9')
  await choose(page, 'Role', 'Staff')
  await page.getByRole('button', { name: 'Add person' }).click()
  await expect(page.getByText('Please enter a valid RUT')).toBeVisible()
  await page.getByLabel('RUT').fill('15.234.567-4')
  await page.getByRole('button', { name: 'Add person' }).click()

  await expect(page).toHaveURL(/\/users\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Valeria Muñoz', level: 1 })).toBeVisible()
  await expect(page.getByText('Has not chosen a password yet')).toBeVisible()

  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(1)
  const link = passwordLinkIn((await mailsTo(email))[0]!)
  expect(link).toContain('welcome=1')
  const newcomer = await browser.newContext()
  await newcomer.addInitScript(() => localStorage.setItem('locale', 'en'))
  const theirs = await newcomer.newPage()
  await theirs.goto(link)
  await expect(theirs.getByRole('heading', { name: 'Welcome: choose your password' })).toBeVisible()
  await theirs.getByLabel('New password', { exact: true }).fill('valeria-2026!')
  await theirs.getByLabel('Repeat the new password').fill('valeria-2026!')
  await theirs.getByRole('button', { name: 'Save the new password' }).click()
  await expect(theirs.getByText('Your password has been reset.')).toBeVisible()
  await signIn(theirs, email, { password: 'valeria-2026!' })
  await newcomer.close()

  await page.reload()
  await expect(page.getByText('Has not chosen a password yet')).toHaveCount(0)
  await expect(page.getByText(/Last used the app/)).toBeVisible()
})

test('an admin imports families from a CSV file: a bad row stops it, the fixed file goes in', async ({
  page,
}) => {
  const rows = (rut: string) =>
    [
      'Nombre;Apellido paterno;Correo;RUT;Rol;Curso;Alumnos',
      `Mateo;Rivas;mateo@demo.test;;Alumno;1° Básico B;`,
      `Josefa;Rivas;josefa@demo.test;${rut};Apoderado;;mateo@demo.test`,
      `Diego;Rivas;diego@demo.test;;Alumno;1° Básico B;`,
    ].join('\n')
  const file = (text: string) => ({ name: 'familias.csv', mimeType: 'text/csv', buffer: Buffer.from(text) })
  await signIn(page, 'admin@demo.test')
  await page.goto('/users')
  await page.getByRole('link', { name: 'Import' }).click()
  await pickFiles(page, 'Choose a file', [file(rows('12.345.678-9'))])
  await expect(page.getByRole('heading', { name: '2 rows ready, 1 with errors' })).toBeVisible()
  await expect(page.getByRole('row', { name: /Josefa/ })).toContainText('Please enter a valid RUT')
  await expect(page.getByRole('button', { name: 'Import 3 people' })).toBeDisabled()

  await pickFiles(page, 'Choose another file', [file(rows('13.131.313-6'))])
  await expect(page.getByRole('heading', { name: 'All 3 rows are ready' })).toBeVisible()
  await page.getByRole('button', { name: 'Import 3 people' }).click()
  await expect(page.getByText('3 people have been added.')).toBeVisible()
  await expect(page).toHaveURL(/\/users\/?$/)

  await page.getByRole('searchbox', { name: 'Search' }).fill('Josefa Rivas')
  await expect(page).toHaveURL(/q=Josefa/)
  const josefa = page.getByRole('row', { name: /Josefa Rivas/ })
  await expect(josefa).toBeVisible()
  await josefa.click()
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Mateo Rivas' })).toBeVisible()
})

test('the list keeps its search and filters in the address, and a deactivation asks first', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test')
  await page.goto('/users?q=gabriela')
  await expect(page.getByRole('row', { name: /Gabriela Apoderada/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /Sergio Profesor/ })).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('gabriela')

  await page.goto('/users')
  await choose(page, 'Role', 'Student')
  await expect(page).toHaveURL(/role=\d+/)
  await expect(page.getByRole('row', { name: /Isidora Pérez/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /Gabriela Apoderada/ })).toHaveCount(0)

  const isidora = page.getByRole('row', { name: /Isidora Pérez/ })
  await isidora
    .locator('label')
    .filter({ has: page.getByRole('checkbox') })
    .click()
  await expect(isidora.getByRole('checkbox')).toBeChecked()
  await page
    .getByRole('toolbar', { name: 'Actions for the chosen rows' })
    .getByRole('button', { name: 'Deactivate' })
    .click()
  const dialog = page.getByRole('alertdialog', { name: 'Deactivate 1 person?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('row', { name: /Isidora Pérez/ })).toBeVisible()
})

test('families are not offered the people screens, and their address says there is no access', async ({
  page,
}) => {
  await signIn(page, 'guardian@demo.test')
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).first().getByRole('link', { name: 'People' }),
  ).toHaveCount(0)
  for (const path of [
    '/users/',
    '/users/new',
    '/users/import',
    '/college',
    '/admin/contacts',
    '/admin/integrations',
  ]) {
    await page.goto(path)
    await expect(
      page.getByRole('heading', { name: "You don't have access to this page" }),
      path,
    ).toBeVisible()
  }
})

test('offline, an admin screen says it needs a connection, and comes back by itself', async ({
  page,
  context,
}) => {
  await signIn(page, 'admin@demo.test')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await page.goto('/users/')
  await expect(
    page.getByRole('heading', { name: 'You are offline: this screen needs a connection' }),
  ).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByRole('row', { name: /Gabriela Apoderada/ })).toBeVisible({ timeout: 15_000 })
})

test('on a phone the people list fits the screen and still says each one’s role and status', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'admin@demo.test')
  await page.goto('/users')
  const guardian = page.getByRole('row').filter({ hasText: 'guardian@demo.test' })
  await expect(guardian.getByRole('rowheader')).toContainText('Guardian')
  await expect(guardian.getByRole('rowheader')).toContainText('Active')
  await expect(guardian.getByRole('rowheader').getByText('Guardian', { exact: true })).toBeVisible()
  const card = page.locator('div.overflow-x-auto:has([role="grid"])')
  expect(await card.evaluate((c) => c.scrollWidth - c.clientWidth)).toBe(0)
  // Wide, the role and status have their own columns again.
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(page.getByRole('columnheader', { name: 'Role' })).toBeVisible()
  await expect(guardian.getByRole('rowheader').getByText('Guardian', { exact: true })).toBeHidden()
})
