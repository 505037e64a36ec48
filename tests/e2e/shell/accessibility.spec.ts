import { expect, type Page, test } from '@playwright/test'
import { LOCALE_KEY } from '#client/platform/storage-keys.ts'
import { DARK_CLASS } from '#shared/constants.ts'
import { animationsDone, seriousViolations } from '../helpers/axe.ts'
import { openAccountMenu, signIn } from '../helpers/session.ts'

const darkClass = new RegExp(`\\b${DARK_CLASS}\\b`)
const lightClass = new RegExp(`^(?!.*\\b${DARK_CLASS}\\b)`)

/** The page in the system's scheme asked for (the theme is on "auto"), drawn and settled. */
async function turn(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme })
  const dark = scheme === 'dark'
  await expect(page.locator('html')).toHaveClass(dark ? darkClass : lightClass)
  // The calendar draws its own colours, told of the change after React's next render.
  const calendar = page.locator('.sx__calendar-wrapper')
  if (await calendar.count()) await expect(calendar.first()).toHaveClass(dark ? darkClass : lightClass)
  await animationsDone(page)
}

/**
 * Every rule in the light theme, then in the dark one those that look at colours, on the same screen:
 * names, roles and structure do not change with the theme, and loading each screen once for both
 * halved the sweep (the longest of the suite).
 */
async function expectAccessible(page: Page, what: string) {
  await turn(page, 'light')
  expect(await seriousViolations(page), what).toEqual([])
  await turn(page, 'dark')
  expect(await seriousViolations(page, { coloursOnly: true }), `${what}, dark`).toEqual([])
}

const heading = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  // Placeholders have been replaced by content (or an empty state).
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0)
}

async function check(page: Page, path: string, ready: (page: Page) => Promise<void> = heading) {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(path)
  await ready(page)
  await expectAccessible(page, path)
}

/** Screens that are ready once their heading and content show, one after the other. */
async function checkEach(page: Page, paths: string[]) {
  for (const path of paths) await check(page, path)
}

/** The calendar grid (loaded after the page) is drawn with its events. */
const calendar = async (page: Page) => {
  await heading(page)
  await expect(page.locator('.sx__event').first()).toBeVisible()
  await animationsDone(page)
}

test('the check finds what it is there to find, in both its forms', async ({ page }) => {
  await page.setContent(`<main><h1>Fees</h1>
    <p style="color:#bbb;background:#fff">Due on Friday</p>
    <button><svg width="10" height="10"></svg></button></main>`)
  const colours = ['color-contrast: p']
  expect(await seriousViolations(page)).toEqual(expect.arrayContaining([...colours, 'button-name: button']))
  expect(await seriousViolations(page, { coloursOnly: true })).toEqual(colours)
  // A page with a frame is checked through AxeBuilder, frames included.
  await page.setContent(
    `<main><h1>Fees</h1><iframe srcdoc="<button></button>" title="Receipt"></iframe></main>`,
  )
  expect(await seriousViolations(page)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^button-name: iframe/)]),
  )
})

test.describe('in the light and dark themes', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript((key) => localStorage.setItem(key, 'en'), LOCALE_KEY)
  })

  test('public screens have no serious accessibility violations', async ({ page }) => {
    await checkEach(page, [
      '/',
      '/auth/login',
      '/auth/login?forgot=',
      '/auth/signup-no',
      '/auth/reset-password?token=x&email=guardian%40demo.test',
      '/auth/reset-password',
      '/no/such/page',
    ])
  })

  test("a family's screens have no serious accessibility violations", async ({ page }) => {
    test.setTimeout(90_000)
    await signIn(page, 'guardian@demo.test')
    await checkEach(page, [
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
    await check(page, '/events', calendar)
    for (const view of ['Week', 'Day', 'List']) {
      await page.locator('.sx__view-selection-selected-item').click()
      await page.locator('.sx__view-selection-item', { hasText: view }).click()
      await expect(page.locator('.sx__view-selection-selected-item')).toContainText(view)
      await animationsDone(page)
      await expectAccessible(page, `calendar, ${view} view`)
    }
    await page.getByTestId('event-list').getByRole('link').first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectAccessible(page, 'event details')
    await page.goto('/blog')
    await page.getByRole('link', { name: 'Salida pedagógica de 1° Básico A' }).click()
    await heading(page)
    await expectAccessible(page, 'post view')
    await openAccountMenu(page)
    await expectAccessible(page, 'account menu')
  })

  test("an administrator's screens have no serious accessibility violations", async ({ page }) => {
    test.setTimeout(180_000)
    await signIn(page, 'admin@demo.test')
    await checkEach(page, [
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
    await page.goto('/users/?q=gabriela')
    await page.getByRole('row', { name: /Gabriela/ }).click()
    await heading(page)
    await expectAccessible(page, 'person detail')
    await page.goto('/users/roles')
    await page.getByRole('button', { name: 'New role' }).click()
    await expect(page.getByRole('dialog', { name: 'New role' })).toBeVisible()
    await expectAccessible(page, 'role dialog')
  })

  test("the platform owner's screen has no serious accessibility violations", async ({ page }) => {
    await signIn(page, 'root@platform.test')
    await check(page, '/platform/colleges')
    await page.getByRole('button', { name: 'New college' }).click()
    await expectAccessible(page, 'new college dialog')
  })

  test("a teacher's writing screens have no serious accessibility violations", async ({ page }) => {
    test.setTimeout(90_000)
    await signIn(page, 'staff@demo.test')
    await checkEach(page, ['/blog/articles', '/events/new-event'])
    await check(page, '/events', calendar)
    await page.getByRole('button', { name: 'Categories' }).click()
    await expect(page.getByRole('dialog', { name: 'Event categories' })).toBeVisible()
    await expectAccessible(page, 'event categories dialog')
    await page.goto('/blog/new-post')
    await heading(page)
    await page.getByRole('button', { name: 'New category' }).click()
    await expect(page.getByRole('dialog', { name: 'New category' })).toBeVisible()
    await expectAccessible(page, 'new category dialog')
    await check(page, '/documentos/')
    await page.getByRole('button', { name: 'Publish documents' }).click()
    await expect(page.getByRole('dialog', { name: 'Publish documents' })).toBeVisible()
    await expectAccessible(page, 'publish documents dialog')
    await page.getByRole('radio', { name: 'Chosen people (a report card)' }).check({ force: true })
    await expect(page.getByRole('dialog').getByRole('searchbox', { name: 'Find people' })).toBeVisible()
    await expectAccessible(page, 'documents for chosen people')
  })
})
