// The statistics dashboard: a post for one course, read by two of its families, shows on the
// administrator's dashboard with its read figures, as a chart and as a table, and the page passes axe.
import { expect, test } from '@playwright/test'
import type { Statistics } from '#shared/statistics.schema.ts'
import { apiToken, bearer, createCourse } from '../helpers/api.ts'
import { seriousViolations } from '../helpers/axe.ts'
import { familyIn } from '../helpers/people.ts'
import { origin, signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

test('an administrator sees how many families of a course read its post, as a chart and as a table', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const tag = `stats${Date.now()}`
  const course = await createCourse(request, '2° Básico', `2° Básico ${tag}`)
  const families = [
    await familyIn(request, course.id, `${tag}a`),
    await familyIn(request, course.id, `${tag}b`),
  ]

  // The office publishes a post for that course only, from another device.
  const admin = await apiToken(request, 'admin@demo.test')
  const id = crypto.randomUUID()
  const title = `Reunión de apoderados ${tag}`
  const published = await request.post(`${origin()}/api/v1/posts`, {
    headers: bearer(admin),
    data: { id, title, content: '<p>El jueves a las 19:00.</p>', grades: ['all'], courses: [course.id] },
  })
  expect(published.status(), await published.text()).toBe(201)

  // Both guardians open it: their app reports the read as it does when a post is shown.
  for (const family of families) {
    const token = await apiToken(request, family.email)
    const read = await request.post(`${origin()}/api/v1/posts/${id}/read`, {
      headers: bearer(token),
      data: {},
    })
    expect(read.status(), await read.text()).toBe(200)
  }

  // The families the post reached, as the server counts them (students and guardians of the course).
  const answer = await request.get(`${origin()}/api/v1/statistics`, { headers: bearer(admin) })
  const stats = (await answer.json()) as Statistics
  const figures = stats.reach.recent_posts.find((p) => p.id === id)
  expect(figures?.read).toBe(2)
  const reached = figures!.targeted
  const share = new Intl.NumberFormat('en', { style: 'percent' }).format(2 / reached)

  await signIn(page, 'admin@demo.test')
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .first()
    .getByRole('link', { name: 'Statistics' })
    .click()
  await expect(page).toHaveURL(/\/statistics\/?$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible()
  const reach = page.getByRole('region', { name: 'Reach' })
  const chart = reach.getByRole('img', { name: /Read share of the \d+ latest posts/ })
  await expect(chart).toBeVisible()
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`${title}, 2 of ${reached}`))

  // The numbers behind the chart, as a table, and back.
  const toggle = reach.getByRole('button', { name: 'Show table' })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(chart).toHaveCount(0)
  const row = reach.getByRole('table', { name: 'Latest posts' }).getByRole('row').filter({ hasText: title })
  await expect(row.getByRole('rowheader')).toHaveText(title)
  await expect(row).toContainText(`2 of ${reached}`)
  await expect(row).toContainText(share)

  expect(await seriousViolations(page)).toEqual([])

  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(reach.getByRole('table')).toHaveCount(0)
  await expect(chart).toBeVisible()

  // The section's figures as a CSV file, for the period on screen.
  const download = page.waitForEvent('download')
  await reach.getByRole('button', { name: 'Export CSV' }).click()
  expect((await download).suggestedFilename()).toMatch(
    /^statistics-reach-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  )
  await expect(page.getByText('The CSV file has been saved to your downloads.')).toBeVisible()
})

test('the period is kept in the address, and a custom period that ends before it starts is refused', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test')
  await page.goto('/statistics/')
  await expect(page.getByRole('region', { name: 'Adoption' })).toBeVisible()
  await page.getByRole('button', { name: /Period/ }).click()
  await page.getByRole('option', { name: 'Last 90 days' }).click()
  await expect(page).toHaveURL(/period=last-90/)
  await expect(page.getByRole('region', { name: 'Money' })).toBeVisible()

  await page.goto('/statistics/?period=custom&from=2026-03-10&to=2026-03-01')
  await expect(page.getByText('The end date must be on or after the start date.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Adoption' })).toHaveCount(0)
  await page.goto('/statistics/?period=custom&from=2026-03-01&to=2026-03-10')
  await expect(page.getByRole('region', { name: 'Adoption' })).toBeVisible()
})

test('offline, the dashboard says that statistics need a connection, and fills in when it returns', async ({
  page,
  context,
}) => {
  await signIn(page, 'admin@demo.test')
  await page.goto('/statistics/')
  await expect(page.getByRole('region', { name: 'Adoption' })).toBeVisible()
  const menu = page.getByRole('navigation', { name: 'Main menu' }).first()
  await menu.getByRole('link', { name: 'Home' }).click()
  await context.setOffline(true)
  await menu.getByRole('link', { name: 'Statistics' }).click()
  await expect(page.getByRole('heading', { name: 'Statistics need a connection' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Adoption' })).toHaveCount(0)
  // Coming back online retries by itself (the "Try again" button is there for a flaky signal).
  await context.setOffline(false)
  await expect(page.getByRole('region', { name: 'Adoption' })).toBeVisible()
})

test("the platform owner opens any college's dashboard from the colleges screen, and keeps it", async ({
  page,
}) => {
  await signIn(page, 'root@platform.test')
  await page.goto('/platform/colleges')
  await page.getByRole('link', { name: 'Statistics of Beta College' }).click()
  await expect(page).toHaveURL(/\/statistics\/?\?college=\d+/)
  await expect(page.getByTestId('statistics-college')).toHaveText('Beta College')
  await expect(page.getByRole('region', { name: 'Adoption' })).toBeVisible()
  // Another period is still that college's.
  await page.getByRole('button', { name: /Period/ }).click()
  await page.getByRole('option', { name: 'This year' }).click()
  await expect(page).toHaveURL(/period=this-year/)
  await expect(page).toHaveURL(/college=\d+/)
  await expect(page.getByTestId('statistics-college')).toHaveText('Beta College')
})
