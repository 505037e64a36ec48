import { expect, test } from '@playwright/test'
import { origin, signIn } from '../helpers/session.ts'

test('each host shows its own college, language and manifest', async ({ page }) => {
  await page.goto(`${origin('localhost')}/auth/login`)
  await expect(page.getByTestId('college-name')).toHaveText('Colegio Demo')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')

  await page.goto(`${origin('beta.localhost')}/auth/login`)
  await expect(page.getByTestId('college-name')).toHaveText('Beta College')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  // The college's colour tints the interface.
  await expect
    .poll(() =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim()),
    )
    .toBe('#047857')

  // Fetched by the browser: only Chromium resolves *.localhost to this machine.
  const beta = await page.evaluate(() => fetch('/manifest.webmanifest').then((r) => r.json()))
  await page.goto(`${origin('localhost')}/auth/login`)
  const demo = await page.evaluate(() => fetch('/manifest.webmanifest').then((r) => r.json()))
  expect([demo.name, demo.lang]).toEqual(['Colegio Demo', 'es'])
  expect([beta.name, beta.lang]).toEqual(['Beta College', 'en'])
  expect(demo.icons[0].src).not.toEqual(beta.icons[0].src)
  await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', '/manifest.webmanifest')
})

test('a session on one college is not a session on the other', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'))
  await signIn(page, 'guardian@beta.test', { host: 'beta.localhost' })
  await expect(page.getByTestId('user-name')).toHaveText('Grace Guardian')
  const betaToken = await page.evaluate(() => localStorage.getItem('token'))

  await page.goto(`${origin('localhost')}/app/home`)
  await expect(page).toHaveURL(/\/auth\/login/)
  // Each host is its own origin; even a copied token is refused by the other college.
  const status = await page.evaluate(
    (token) => fetch('/api/v1/user', { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status),
    betaToken,
  )
  expect(status).toBe(401)
})
