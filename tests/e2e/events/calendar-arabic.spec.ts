import { expect, test } from '@playwright/test'
import { todayIn } from '#shared/time-zones.ts'
import { signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'ar'))
})

test('in Arabic the calendar writes its dates and times with the digits of the rest of the app, and its controls in Arabic', async ({
  page,
}) => {
  // schedule-x's Arabic (Egypt's) wrote "ديسمبر ٢٠٢٦" and "٧:٠٠ م" over day cells numbered 1, 2, 3,
  // beside the app's own "7:00 م".
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, 'guardian@demo.test')
  await page.goto('/events')
  const calendar = page.getByTestId('event-calendar')
  await expect(calendar.locator('.sx__month-grid-day').first()).toBeVisible()
  const year = todayIn('America/Santiago').slice(0, 4)
  const heading = calendar.locator('.sx__range-heading')
  await expect(heading).toContainText(year)
  await expect(heading).not.toHaveText(/[٠-٩]/)
  // The demo's events at a time of day, in the month on screen (the swimming class, every week).
  const times = calendar.locator('.sx__month-grid-event-time')
  await expect(times.first()).toHaveText(/\d{1,2}:\d{2}/)
  for (const time of await times.allTextContents()) expect(time).not.toMatch(/[٠-٩]/)
  await expect(calendar.getByRole('button', { name: 'اليوم' })).toBeVisible()
  await expect(calendar.getByRole('button', { name: 'الفترة التالية' })).toBeVisible()
})
