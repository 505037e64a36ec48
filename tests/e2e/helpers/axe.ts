import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Axe's serious and critical findings on the page, one line each; with `coloursOnly`, only the rules
 * that look at colours (what a second theme changes).
 */
export async function seriousViolations(page: Page, { coloursOnly = false } = {}) {
  const axe = new AxeBuilder({ page })
  const results = await (coloursOnly
    ? axe.withRules(['color-contrast', 'link-in-text-block'])
    : axe
  ).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Colours are measured once what fades in has finished. */
export const animationsDone = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))

/**
 * Fails with axe's serious and critical findings on the page, once what fades in has finished and
 * React Aria's announcements of a closed dialog's fields (labelled by elements gone with it) have been
 * cleared (after 7 s).
 */
export async function expectNoSeriousViolations(page: Page, what: string) {
  await animationsDone(page)
  await expect(page.locator('[data-live-announcer] [role=img]')).toHaveCount(0, { timeout: 10_000 })
  expect(await seriousViolations(page), what).toEqual([])
}
