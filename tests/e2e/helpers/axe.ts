import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import type { Result } from 'axe-core'

const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

// axe-core as @axe-core/playwright itself loads it (its dependency, not ours).
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
)

/**
 * Axe's serious and critical findings on the page, one line each; with `coloursOnly`, only the rules
 * that look at colours (what a second theme changes).
 *
 * Axe is loaded once per page and run there, its findings reduced in the page: AxeBuilder loads it
 * twice on every run, finishes each run in a new blank page, and brings back every passing node as
 * well, about 1 s of the 1.3 s a screen's check took (the sweep of every screen was a fifth of the
 * suite). A page with frames goes to AxeBuilder, which loads axe into each of them.
 */
export async function seriousViolations(page: Page, { coloursOnly = false } = {}) {
  if (await page.locator('iframe, frame').count()) return throughAxeBuilder(page, coloursOnly)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const found = await page.evaluate(
    async (rules) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') }
      const results = await axe.run(document, {
        resultTypes: ['violations'],
        ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
      })
      return results.violations
    },
    coloursOnly ? COLOUR_RULES : null,
  )
  return lines(found)
}

async function throughAxeBuilder(page: Page, coloursOnly: boolean) {
  const axe = new AxeBuilder({ page })
  return lines((await (coloursOnly ? axe.withRules(COLOUR_RULES) : axe).analyze()).violations)
}

function lines(violations: Result[]) {
  return violations
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
