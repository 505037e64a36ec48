// A company user adds a business and a promotion; a family of the college (which accepts advertising)
// finds it in Benefits, offline too, with a real call link; a college without advertising has no
// Benefits at all. The administrators' screens for companies and categories pass axe as well.
import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { apiToken, bearer } from '../helpers/api.ts'
import { expectNoSeriousViolations } from '../helpers/axe.ts'
import { origin, pickFiles, signIn } from '../helpers/session.ts'
import { waitForServiceWorker } from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

/** Types a day into a React Aria date field (month, day, year segments in English). */
async function typeDay(page: Page, field: string, offsetDays: number) {
  const [y, m, d] = new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10).split('-')
  await page.getByRole('dialog').getByRole('group', { name: field }).getByRole('spinbutton').first().click()
  await page.keyboard.type(`${m}${d}${y}`)
}

test('a company user lists a business with a promotion, and a family finds it in Benefits offline', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const name = `Florería ${Date.now()}`

  const companyContext = await browser.newContext()
  await companyContext.addInitScript(() => localStorage.setItem('locale', 'en'))
  const owner = await companyContext.newPage()
  await signIn(owner, 'company@demo.test')
  await owner.goto('/pymes/')
  await expect(owner.getByRole('heading', { name: 'Businesses', level: 1 })).toBeVisible()
  await expect(owner.getByText('Pastelería Dulce Carla')).toBeVisible()
  // Another company's business is not theirs to see.
  await expect(owner.getByText('Óptica Central')).toHaveCount(0)
  await expectNoSeriousViolations(owner, 'businesses, as a company user')

  await owner.getByRole('button', { name: 'New business' }).click()
  const form = owner.getByRole('dialog', { name: 'New business' })
  await form.getByRole('textbox', { name: 'Business name' }).fill(name)
  await form.getByRole('button', { name: /Category/ }).click()
  await owner.getByRole('option', { name: 'Alimentación' }).click()
  await form.getByRole('textbox', { name: 'Phone (optional)' }).fill('call me')
  await form.getByRole('button', { name: 'Add business' }).click()
  // The server's words, on the field.
  await expect(form.getByText('Please enter a phone number such as +56 9 1234 5678.')).toBeVisible()
  await form.getByRole('textbox', { name: 'Phone (optional)' }).fill('+56 2 2987 6543')
  await form.getByRole('textbox', { name: 'WhatsApp (optional)' }).fill('+56 9 8888 7777')
  await form.getByRole('button', { name: 'Add business' }).click()
  await expect(form).toBeHidden()
  await expect(owner).toHaveURL(/\/pyme\/details\/[0-9a-f-]{36}$/)
  await expect(owner.getByRole('heading', { name, level: 1 })).toBeVisible()

  await owner.getByRole('button', { name: 'Add promotion' }).click()
  const promo = owner.getByRole('dialog', { name: 'New promotion' })
  await promo.getByRole('textbox', { name: 'Title' }).fill('Ramo para el día del profesor')
  await promo.getByRole('textbox', { name: 'Discount' }).fill('25%')
  await typeDay(owner, 'Last day', 20)
  await promo.getByRole('button', { name: 'Add promotion' }).click()
  await expect(promo).toBeHidden()
  await expect(owner.getByTestId('promotion')).toContainText('Ramo para el día del profesor')
  await expectNoSeriousViolations(owner, 'a business, as a company user')
  await companyContext.close()

  // A family of the college: the business and its offer, online and then with no connection.
  const family = await browser.newContext()
  await family.addInitScript(() => {
    localStorage.setItem('locale', 'en')
    localStorage.setItem('color-scheme', 'dark')
  })
  const page = await family.newPage()
  await signIn(page, 'guardian@demo.test')
  await waitForServiceWorker(page)
  await page.goto('/benefits/')
  await expect(page.getByTestId('benefits-advertising')).toBeVisible()
  const card = page.getByTestId('benefit-pyme').filter({ hasText: name })
  await expect(card).toBeVisible()
  await expect(card).toContainText('25%')
  // An offer that ended is not shown.
  await expect(page.getByText('Marzo: control de la vista')).toHaveCount(0)
  await expectNoSeriousViolations(page, 'Benefits, as a family, dark theme')

  await family.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search benefits' }).fill('floreria')
  await expect(page).toHaveURL(/q=floreria/)
  await expect(page.getByTestId('benefit-pyme')).toHaveCount(1)
  await page.getByTestId('benefit-pyme').getByRole('button', { name }).click()
  const details = page.getByTestId('benefit-details')
  await expect(details).toContainText('Ramo para el día del profesor')
  await expect(details.getByRole('link', { name: /Call/ })).toHaveAttribute('href', /^tel:/)
  await expect(details.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/56988887777',
  )
  await expectNoSeriousViolations(page, 'a business, offline')
  await family.close()
})

test('a college without advertising shows no Benefits', async ({ page }) => {
  await signIn(page, 'guardian@beta.test', { host: 'beta.localhost' })
  await expect(page.getByRole('link', { name: 'Benefits' })).toHaveCount(0)
  await page.goto(`${origin('beta.localhost')}/benefits/`)
  await expect(page.getByText('This college does not offer benefits')).toBeVisible()
})

test('administrators manage companies and categories', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await page.goto('/company/')
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
  await expect(page.getByText('Emprendimientos Carla')).toBeVisible()
  await expectNoSeriousViolations(page, 'companies')
  // A logo goes up from the company's form, and the list shows it.
  await page.getByRole('button', { name: 'Edit Óptica Central' }).click()
  const logo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer()
  await pickFiles(page, 'Add: Logo', [{ name: 'logo.png', mimeType: 'image/png', buffer: logo }])
  await expect(page.getByText('The logo has been changed.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change: Logo' })).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('row', { name: /Óptica Central/ }).locator('img')).toBeVisible()
  await page.goto('/pyme-category/')
  await expect(page.getByText('Alimentación')).toBeVisible()
  await expectNoSeriousViolations(page, 'categories')
})

test('administrators search and page through a company’s people, and remove one', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin@demo.test')
  const made = await request.post(`${origin()}/api/v1/companies`, {
    headers: bearer(admin),
    data: { name: `Librería ${Date.now()}` },
  })
  const company = (await made.json()) as { id: number; name: string }
  const people = [
    'Íñigo Núñez',
    ...Array.from({ length: 21 }, (_, i) => `Lector ${String(i).padStart(2, '0')}`),
  ]
  for (const [i, name] of people.entries()) {
    const res = await request.post(`${origin()}/api/v1/companies/${company.id}/users`, {
      headers: bearer(admin),
      data: { name, email: `lector${i}.${company.id}@libreria.test` },
    })
    expect(res.status()).toBe(201)
  }
  await signIn(page, 'admin@demo.test')
  await page.goto(`/companies/users/?company=${company.id}`)
  const table = page.getByRole('grid', { name: `Users of ${company.name}` })
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') })
  // A page at a time: twenty, then the rest.
  await expect(rows).toHaveCount(20)
  await page.getByRole('button', { name: 'Show more' }).click()
  await expect(rows).toHaveCount(22)
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0)

  // Typed without accents, found by the server.
  await page.getByRole('searchbox', { name: 'Search users' }).fill('nunez')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Íñigo Núñez')
  await expect(page).toHaveURL(/q=nunez/)
  await page.getByRole('button', { name: 'Remove Íñigo Núñez' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('Íñigo Núñez has been removed.')).toBeVisible()
  await expect(page.getByText('Nobody matches')).toBeVisible()
})

test('administrators find any company by typing, past the first hundred, for a new business', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin@demo.test')
  const stamp = Date.now()
  // A hundred companies listed before the one wanted: the first page of a hundred never holds it.
  for (let i = 0; i < 100; i++) {
    const res = await request.post(`${origin()}/api/v1/companies`, {
      headers: bearer(admin),
      data: { name: `Aa Comercial ${String(i).padStart(3, '0')} ${stamp}` },
    })
    expect(res.status()).toBe(201)
  }
  const made = await request.post(`${origin()}/api/v1/companies`, {
    headers: bearer(admin),
    data: { name: `Zz Ferretería Ñandú ${stamp}` },
  })
  const wanted = (await made.json()) as { id: number; name: string }

  await signIn(page, 'admin@demo.test')
  await page.goto('/pymes/')
  await page.getByRole('button', { name: 'New business' }).click()
  const form = page.getByRole('dialog', { name: 'New business' })
  const company = form.getByRole('combobox', { name: 'Company' })
  // Typed as people type it, without its accents: the server finds it.
  await company.fill(`ferreteria nandu ${stamp}`)
  await expect(page.getByRole('option', { name: wanted.name })).toBeVisible()
  await page.getByRole('option', { name: wanted.name }).click()
  await expect(company).toHaveValue(wanted.name)
  await form.getByRole('textbox', { name: 'Business name' }).fill(`Tornillos ${stamp}`)
  await form.getByRole('button', { name: /Category/ }).click()
  await page.getByRole('option', { name: 'Alimentación' }).click()
  await form.getByRole('button', { name: 'Add business' }).click()
  await expect(form).toBeHidden()
  await expect(page.getByRole('heading', { name: `Tornillos ${stamp}`, level: 1 })).toBeVisible()
  const id = page.url().split('/').at(-1)
  const saved = (await (
    await request.get(`${origin()}/api/v1/pymes/${id}`, { headers: bearer(admin) })
  ).json()) as { company_id: number; category_id: number; name: string }
  expect(saved.company_id).toBe(wanted.id)

  // Opened again, the box shows the company, and the list offers the others to switch to.
  await page.getByRole('button', { name: 'Edit business' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit business' })
  const box = edit.getByRole('combobox', { name: 'Company' })
  await expect(box).toHaveValue(wanted.name)
  await box.click()
  await expect(page.getByRole('option', { name: `Aa Comercial 000 ${stamp}` })).toBeVisible()
  await page.keyboard.press('Escape')

  // Someone else moves the business meanwhile, to a company past the list's first page: loading their
  // version shows its name.
  const otherId = (
    (await (
      await request.post(`${origin()}/api/v1/companies`, {
        headers: bearer(admin),
        data: { name: `Zz Otra Ferretería ${stamp}` },
      })
    ).json()) as { id: number }
  ).id
  const moved = await request.put(`${origin()}/api/v1/pymes/${id}`, {
    headers: bearer(admin),
    data: { company_id: otherId, category_id: saved.category_id, name: saved.name },
  })
  expect(moved.status()).toBe(200)
  await edit.getByRole('textbox', { name: 'Business name' }).fill(`Tornillos y tuercas ${stamp}`)
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await edit.getByRole('button', { name: 'Load their version' }).click()
  await expect(box).toHaveValue(`Zz Otra Ferretería ${stamp}`)
})
