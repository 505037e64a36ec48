import { expect, test } from '@playwright/test'
import { v7 as uuidv7 } from 'uuid'
import { addDays, todayIn } from '#shared/time-zones.ts'
import { apiToken, bearer } from '../helpers/api.ts'
import { origin, signIn } from '../helpers/session.ts'

// A device far ahead of the college (Santiago): on the last day of a month its today is in the next
// month for most of the day, and the calendar must still open on the college's month.
test.use({ timezoneId: 'Pacific/Kiritimati' })

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

test("the month grid draws the month on screen, and another month's events once the family moves to it", async ({
  page,
  request,
}) => {
  // The calendar is given only the events of the days on screen: moving on must bring the next ones.
  const today = todayIn('America/Santiago')
  const day = addDays(today, 75)
  const name = `Feria científica ${uuidv7().slice(-6)}`
  const admin = await apiToken(request, 'admin@demo.test')
  const created = await request.post(`${origin()}/api/v1/events`, {
    headers: bearer(admin),
    data: {
      id: uuidv7(),
      name,
      all_day: true,
      starts_at: day,
      ends_at: day,
      grades: ['all'],
      courses: ['all'],
    },
  })
  expect(created.status()).toBe(201)

  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, 'guardian@demo.test')
  await page.goto('/events')
  const calendar = page.getByTestId('event-calendar')
  await expect(calendar.locator('.sx__month-grid-day').first()).toBeVisible()
  await expect(calendar.getByText(name)).toHaveCount(0)
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
  await expect(
    calendar.getByText(monthName.format(new Date(`${today}T12:00:00Z`)), { exact: true }),
  ).toBeVisible()

  const monthOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7))
  for (let i = monthOf(today); i < monthOf(day); i++)
    await calendar.getByRole('button', { name: 'Next period' }).click()
  await calendar.getByText(name).first().click()
  await expect(page.getByRole('dialog').getByText(name)).toBeVisible()
})
