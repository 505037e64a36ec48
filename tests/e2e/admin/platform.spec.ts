// The platform owner creates a college on its own address; suspending it shows its people a clear page.
import { expect, test } from '@playwright/test'
import { mailsTo, passwordLinkIn } from '../helpers/mail.ts'
import { origin, signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

test('the platform owner creates a college, its admin signs in on its address, and a suspension stops it', async ({
  page,
  browser,
}) => {
  const host = 'liceo.localhost'
  const admin = 'director@liceo.test'
  await signIn(page, 'root@platform.test')
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .first()
    .getByRole('link', { name: 'Colleges' })
    .click()
  await expect(page.getByRole('row', { name: /Colegio Demo/ })).toBeVisible()
  await page.getByRole('button', { name: 'New college' }).click()
  const dialog = page.getByRole('dialog', { name: 'New college' })
  await dialog.getByLabel('Name', { exact: true }).fill('Liceo Bicentenario')
  await expect(dialog.getByLabel('Identifier')).toHaveValue('liceo-bicentenario')
  await dialog.getByLabel('Addresses').fill('https://bad/')
  await dialog.getByLabel('Administrator’s name').fill('Rosa Fuentes')
  await dialog.getByLabel('Administrator’s email').fill(admin)
  await dialog.getByRole('button', { name: 'Create college' }).click()
  await expect(
    dialog.getByText('Please enter a host name such as colegio.example.cl, without https:// or a path'),
  ).toBeVisible()
  await dialog.getByLabel('Addresses').fill(host)
  await dialog.getByRole('button', { name: 'Create college' }).click()
  await expect(page.getByRole('row', { name: /Liceo Bicentenario/ })).toBeVisible()

  await expect.poll(async () => (await mailsTo(admin)).length, { timeout: 10_000 }).toBe(1)
  const link = passwordLinkIn((await mailsTo(admin))[0]!)
  expect(new URL(link).hostname).toBe(host)
  const director = await browser.newContext()
  await director.addInitScript(() => localStorage.setItem('locale', 'en'))
  const theirs = await director.newPage()
  await theirs.goto(link)
  await theirs.getByLabel('New password', { exact: true }).fill('liceo-2026!')
  await theirs.getByLabel('Repeat the new password').fill('liceo-2026!')
  await theirs.getByRole('button', { name: 'Save the new password' }).click()
  await expect(theirs.getByText('Your password has been reset.')).toBeVisible()
  await signIn(theirs, admin, { password: 'liceo-2026!', host })
  await expect(
    theirs.getByRole('navigation', { name: 'Main menu' }).first().getByRole('link', { name: 'People' }),
  ).toBeVisible()

  const row = page.getByRole('row', { name: /Liceo Bicentenario/ })
  await row.getByRole('button', { name: 'Suspend' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click()
  await expect(row.getByText('Suspended')).toBeVisible()

  await theirs.goto(`${origin(host)}/app/home`)
  await expect(theirs.getByRole('heading', { name: 'Liceo Bicentenario is suspended for now' })).toBeVisible()
  await expect(theirs.getByText('Nothing has been deleted')).toBeVisible()

  await row.getByRole('button', { name: 'Resume' }).click()
  await expect(row.getByText('Active')).toBeVisible()
  await theirs.goto(`${origin(host)}/app/home`)
  await expect(theirs.getByRole('heading', { name: 'Liceo Bicentenario is suspended for now' })).toHaveCount(
    0,
  )
  await expect(theirs.getByTestId('user-name')).toHaveText(/Rosa/)
  await director.close()
})
