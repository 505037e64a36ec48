import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Fails with axe's serious and critical findings on the page. Colours are measured once what fades in
 * has finished, and React Aria's announcements of a closed dialog's fields (labelled by elements gone
 * with it) have been cleared (after 7 s).
 */
export async function expectNoSeriousViolations(page: Page, what: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await expect(page.locator('[data-live-announcer] [role=img]')).toHaveCount(0, { timeout: 10_000 })
  const results = await new AxeBuilder({ page }).analyze()
  const found = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(found, what).toEqual([])
}
