import { expect, type Page, test } from '@playwright/test'
import { COLOR_SCHEME_KEY, LOCALE_KEY } from '#client/platform/storage-keys.ts'
import { seriousViolations as allViolations, animationsDone } from '../helpers/axe.ts'
import { openAccountMenu, signIn } from '../helpers/session.ts'

/**
 * Every rule in the light theme; in the dark one only those that look at colours, since names, roles
 * and structure do not change with the theme (and the sweep is the longest of the suite).
 */
async function seriousViolations(page: Page) {
  const scheme = await page.evaluate((key) => localStorage.getItem(key), COLOR_SCHEME_KEY)
  return allViolations(page, { coloursOnly: scheme === 'dark' })
}

async function check(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path)
  await ready(page)
  expect(await seriousViolations(page), path).toEqual([])
}

const heading = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  // Placeholders have been replaced by content (or an empty state).
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0)
}

/** The calendar grid (loaded after the page) is drawn with its events. */
const calendar = async (page: Page) => {
  await heading(page)
  await expect(page.locator('.sx__event').first()).toBeVisible()
  await animationsDone(page)
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addInitScript(
        ({ keys, scheme }) => {
          localStorage.setItem(keys.locale, 'en')
          localStorage.setItem(keys.scheme, scheme)
        },
        { keys: { locale: LOCALE_KEY, scheme: COLOR_SCHEME_KEY }, scheme: theme },
      )
    })

    test('public screens have no serious accessibility violations', async ({ page }) => {
      for (const path of [
        '/',
        '/auth/login',
        '/auth/login?forgot=',
        '/auth/signup-no',
        '/auth/reset-password?token=x&email=guardian%40demo.test',
        '/auth/reset-password',
        '/no/such/page',
      ])
        await check(page, path, heading)
    })

    test("a family's screens have no serious accessibility violations", async ({ page }) => {
      test.setTimeout(90_000)
      await signIn(page, 'guardian@demo.test')
      for (const path of [
        '/app/home',
        '/blog',
        '/blog/gallery',
        '/app/profile',
        '/app/outbox',
        '/blog/new-post',
        '/notifications/',
        '/messenger/',
        '/documentos/',
        '/documentos/circulares/2026',
        '/payments/',
        '/processes/',
      ])
        await check(page, path, heading)
      await check(page, '/events', calendar)
      for (const view of ['Week', 'Day', 'List']) {
        await page.locator('.sx__view-selection-selected-item').click()
        await page.locator('.sx__view-selection-item', { hasText: view }).click()
        await expect(page.locator('.sx__view-selection-selected-item')).toContainText(view)
        await animationsDone(page)
        expect(await seriousViolations(page), `calendar, ${view} view`).toEqual([])
      }
      await page.getByTestId('event-list').getByRole('link').first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      expect(await seriousViolations(page), 'event details').toEqual([])
      await page.goto('/blog')
      await page.getByRole('link', { name: 'Salida pedagógica de 1° Básico A' }).click()
      await heading(page)
      expect(await seriousViolations(page), 'post view').toEqual([])
      await openAccountMenu(page)
      expect(await seriousViolations(page), 'account menu').toEqual([])
    })

    test("an administrator's screens have no serious accessibility violations", async ({ page }) => {
      test.setTimeout(180_000)
      await signIn(page, 'admin@demo.test')
      for (const path of [
        '/users/',
        '/users/new',
        '/users/roles',
        '/users/import',
        '/college',
        '/colleges/details',
        '/colleges/history/',
        '/colleges/managers/',
        '/colleges/slider/',
        '/colleges/social/',
        '/colleges/contact',
        '/admin/contacts',
        '/admin/contacts/create',
        '/admin/integrations',
        '/college-notifications',
        '/college-notifications/new-notification',
        '/payments/fees/',
        '/payments/payments/',
        '/payments/payments/?tab=summary',
        '/statistics/',
        '/processes/',
      ])
        await check(page, path, heading)
      await page.goto('/users/?q=gabriela')
      await page.getByRole('row', { name: /Gabriela/ }).click()
      await heading(page)
      expect(await seriousViolations(page), 'person detail').toEqual([])
      await page.goto('/users/roles')
      await page.getByRole('button', { name: 'New role' }).click()
      await expect(page.getByRole('dialog', { name: 'New role' })).toBeVisible()
      expect(await seriousViolations(page), 'role dialog').toEqual([])
    })

    test("the platform owner's screen has no serious accessibility violations", async ({ page }) => {
      await signIn(page, 'root@platform.test')
      await check(page, '/platform/colleges', heading)
      await page.getByRole('button', { name: 'New college' }).click()
      expect(await seriousViolations(page), 'new college dialog').toEqual([])
    })

    test("a teacher's writing screens have no serious accessibility violations", async ({ page }) => {
      test.setTimeout(90_000)
      await signIn(page, 'staff@demo.test')
      for (const path of ['/blog/articles', '/events/new-event']) await check(page, path, heading)
      await check(page, '/events', calendar)
      await page.getByRole('button', { name: 'Categories' }).click()
      await expect(page.getByRole('dialog', { name: 'Event categories' })).toBeVisible()
      expect(await seriousViolations(page), 'event categories dialog').toEqual([])
      await page.goto('/blog/new-post')
      await heading(page)
      await page.getByRole('button', { name: 'New category' }).click()
      await expect(page.getByRole('dialog', { name: 'New category' })).toBeVisible()
      expect(await seriousViolations(page), 'new category dialog').toEqual([])
      await check(page, '/documentos/', heading)
      await page.getByRole('button', { name: 'Publish documents' }).click()
      await expect(page.getByRole('dialog', { name: 'Publish documents' })).toBeVisible()
      expect(await seriousViolations(page), 'publish documents dialog').toEqual([])
      await page.getByRole('radio', { name: 'Chosen people (a report card)' }).check({ force: true })
      await expect(page.getByRole('dialog').getByRole('searchbox', { name: 'Find people' })).toBeVisible()
      expect(await seriousViolations(page), 'documents for chosen people').toEqual([])
    })
  })
}
