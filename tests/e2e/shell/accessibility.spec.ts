import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { signIn } from '../helpers/session.ts'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('the login, home and profile pages have no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth/login')
  await expect(page.locator('form')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await signIn(page, 'guardian@demo.test')
  await page.goto('/app/home')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.goto('/app/profile')
  await expect(page.locator('form').first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
