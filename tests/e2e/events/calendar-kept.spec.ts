import { expect, type Page, test } from '@playwright/test'
import { v7 as uuidv7 } from 'uuid'
import { todayIn } from '#shared/time-zones.ts'
import { apiToken, bearer, createCourse } from '../helpers/api.ts'
import { origin, PASSWORD, signIn, signOut } from '../helpers/session.ts'

// The calendar drawn on a visit is kept for the next one (drawing a month is most of opening it): it
// must come back where the family left it, follow the mirror meanwhile, and go with its user.

test.beforeEach(async ({ context, page }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  await page.setViewportSize({ width: 1280, height: 900 })
})

/** Opens a page from the side navigation, as a family moves between screens. */
async function openFromMenu(page: Page, href: string) {
  await page.locator(`a[href="${href}"]:visible`).first().click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
}

async function createEvent(
  request: Parameters<typeof apiToken>[0],
  name: string,
  targets: { courses: (number | 'all')[] } = { courses: ['all'] },
) {
  const admin = await apiToken(request, 'admin@demo.test')
  const day = todayIn('America/Santiago')
  const created = await request.post(`${origin()}/api/v1/events`, {
    headers: bearer(admin),
    data: { id: uuidv7(), name, all_day: true, starts_at: day, ends_at: day, grades: ['all'], ...targets },
  })
  expect(created.status()).toBe(201)
}

test('the calendar opened again shows the period the family left, with what was added meanwhile', async ({
  page,
  request,
}) => {
  await signIn(page, 'guardian@demo.test')
  await openFromMenu(page, '/events')
  const calendar = page.getByTestId('event-calendar')
  const heading = calendar.locator('.sx__range-heading')
  await expect(heading).not.toBeEmpty()
  const thisMonth = await heading.textContent()
  await calendar.getByRole('button', { name: 'Next period' }).click()
  await expect(heading).not.toHaveText(thisMonth!)
  const nextMonth = await heading.textContent()

  await openFromMenu(page, '/app/home')
  await openFromMenu(page, '/events')
  await expect(heading).toHaveText(nextMonth!)

  // Written elsewhere while the family was on another screen: it shows when they go back to its month.
  const name = `Reunión de apoderados ${uuidv7().slice(-6)}`
  await openFromMenu(page, '/app/home')
  await createEvent(request, name)
  // The family comes back to the app (focus pulls; events are not poked).
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await openFromMenu(page, '/events')
  await calendar.getByRole('button', { name: 'Previous period' }).click()
  await expect(heading).toHaveText(thisMonth!)
  await expect(calendar.getByText(name).first()).toBeVisible({ timeout: 15_000 })
})

test('the next user on the device does not get the calendar the last one left', async ({ page, request }) => {
  // Seen only by those who manage events (nobody is in this course).
  const course = await createCourse(request, '2° Básico', `Taller ${uuidv7().slice(-6)}`)
  const name = `Consejo de profesores ${uuidv7().slice(-6)}`
  await createEvent(request, name, { courses: [course.id] })
  const everyone = `Día del deporte ${uuidv7().slice(-6)}`
  await createEvent(request, everyone)

  await signIn(page, 'admin@demo.test')
  await openFromMenu(page, '/events')
  const calendar = page.getByTestId('event-calendar')
  await expect(calendar.getByText(name).first()).toBeVisible()
  await signOut(page)

  // On the same page, as on a shared phone: no reload between the two.
  await page.locator('input[type=email]').fill('guardian@demo.test')
  await page.locator('input[type=password]').fill(PASSWORD)
  await page.locator('form button[type=submit]').click()
  await expect(page.getByTestId('user-name')).not.toBeEmpty()
  // Not even for a moment: the guardian's own events replacing the admin's a frame later is too late.
  await page.evaluate((secret) => {
    const seen = () => document.body.textContent?.includes(secret)
    const w = window as unknown as { leaked: boolean }
    w.leaked = false
    new MutationObserver(() => {
      if (seen()) w.leaked = true
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  }, name)
  await openFromMenu(page, '/events')
  await expect(calendar.locator('.sx__month-grid-day').first()).toBeVisible()
  // The guardian's own events are drawn: this is the guardian's calendar, not an empty one.
  await expect(calendar.getByText(everyone).first()).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { leaked: boolean }).leaked)).toBe(false)
  await expect(calendar.getByText(name)).toHaveCount(0)
  await course.remove()
})
