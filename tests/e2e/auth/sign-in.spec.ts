import { expect, test } from '@playwright/test'
import { signIn, signOut } from '../helpers/session.ts'

test.beforeEach(async ({ page }) => {
  // English texts for the assertions: the stored language choice wins over the college's.
  await page.addInitScript(() => localStorage.setItem('locale', 'en'))
})

for (const [email, name] of [
  ['admin@demo.test', 'Ana Administradora'],
  ['staff@demo.test', 'Sergio Profesor'],
  ['guardian@demo.test', 'Gabriela Apoderada'],
  ['student@demo.test', 'Tomás Apoderada'],
  ['company@demo.test', 'Carla Emprendedora'],
] as const) {
  test(`${email} signs in, sees their name and signs out`, async ({ page }) => {
    await signIn(page, email)
    await expect(page.getByTestId('user-name')).toHaveText(name)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
    await signOut(page)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await page.goto('/app/home')
    await expect(page).toHaveURL(/\/auth\/login/)
  })
}

test('a wrong password shows the server message and keeps the user on the form', async ({ page }) => {
  await page.goto('/auth/login')
  await page.locator('input[type=email]').fill('guardian@demo.test')
  await page.locator('input[type=password]').fill('not-my-password')
  await page.locator('form button[type=submit]').click()
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.')
  await expect(page).toHaveURL(/\/auth\/login/)
})

test('the form checks its fields before sending', async ({ page }) => {
  await page.goto('/auth/login')
  await page.locator('input[type=email]').fill('not-an-email')
  await page.locator('form button[type=submit]').click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByText('field required.')).toBeVisible()
})

test('the guard sends a visitor to sign in and back to where they were going', async ({ page }) => {
  await page.goto('/app/profile')
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fapp%2Fprofile/)
  await page.locator('input[type=email]').fill('staff@demo.test')
  await page.locator('input[type=password]').fill('demo12345')
  await page.locator('form button[type=submit]').click()
  await expect(page).toHaveURL(/\/app\/profile$/)
  await page.goto('/auth/login')
  await expect(page).toHaveURL(/\/app$/)
  await page.goto('/')
  await expect(page).toHaveURL(/\/app$/)
})

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible()
})

test('a visitor without an account learns how to get one and whom to ask', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'How do I get an account?' }).click()
  await expect(page).toHaveURL(/\/auth\/signup-no/)
  await expect(page.getByText('contacto@demo.test')).toBeVisible()
})

test("the sign-in page loads none of the offline mirror's code until someone signs in", async ({ page }) => {
  const scripts: Promise<string>[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.text().catch(() => ''))
  })
  await page.goto('/auth/login')
  await expect(page.getByLabel('Email')).toBeVisible()
  await page.waitForLoadState('networkidle')
  const before = await Promise.all(scripts)
  expect(before.length).toBeGreaterThan(0)
  expect(before.filter((text) => text.includes('Dexie'))).toEqual([])
  // Signed in, the mirror (and the watch over kept documents) loads.
  await signIn(page, 'guardian@demo.test')
  await expect
    .poll(async () => (await Promise.all(scripts)).some((text) => text.includes('Dexie')))
    .toBe(true)
})
