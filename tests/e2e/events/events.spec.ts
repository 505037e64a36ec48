import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { apiToken, bearer, createCourse } from '../helpers/api.ts'
import { origin, signIn, tick } from '../helpers/session.ts'
import { waitForServiceWorker } from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

async function serverEventsNamed(request: APIRequestContext, name: string): Promise<number> {
  const admin = await apiToken(request, 'admin@demo.test')
  const res = await request.get(`${origin()}/api/v1/events?limit=100`, { headers: bearer(admin) })
  const { data } = (await res.json()) as { data: { name: string }[] }
  return data.filter((e) => e.name === name).length
}

async function newEvent(page: Page, name: string) {
  await page.getByRole('link', { name: 'New event' }).click()
  await expect(page.getByRole('heading', { name: 'New event', level: 1 })).toBeVisible()
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Place').fill('Gimnasio')
}

test('a teacher adds an event offline; it reaches the server once, and a family sees it offline', async ({
  page,
  context,
  browser,
  request,
}) => {
  const name = `Open day ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  await page.goto('/events')
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
  await expect(page.getByTestId('event-calendar')).toBeVisible()

  await context.setOffline(true)
  await newEvent(page, name)
  // The end before the start is refused on the device, with the spec's words on the end.
  await page.getByText('All day', { exact: true }).click()
  await expect(page.getByRole('switch', { name: 'All day' })).toBeChecked()
  const ends = page.getByRole('group', { name: 'Ends' })
  await ends.getByRole('spinbutton').first().click()
  await page.keyboard.type('01012020')
  await page.getByRole('button', { name: 'Save event' }).click()
  await expect(page.getByText('The end must be after the start')).toBeVisible()
  await ends.getByRole('spinbutton').first().click()
  await page.keyboard.type('12312026')
  await page.getByRole('button', { name: 'Save event' }).click()

  await expect(page.getByRole('dialog', { name })).toBeVisible()
  await expect(page.getByTestId('outbox-badge')).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 20_000 })
  expect(await serverEventsNamed(request, name)).toBe(1)

  const family = await browser.newContext()
  await family.addInitScript(() => localStorage.setItem('locale', 'en'))
  const guardian = await family.newPage()
  await signIn(guardian, 'guardian@demo.test')
  await waitForServiceWorker(guardian)
  await guardian.goto('/events')
  await expect(guardian.getByTestId('event-list').getByRole('link', { name })).toBeVisible({
    timeout: 20_000,
  })
  await expect(guardian.getByRole('link', { name: 'New event' })).toHaveCount(0)
  await family.setOffline(true)
  await guardian.reload()
  await guardian.getByTestId('event-list').getByRole('link', { name }).click()
  const details = guardian.getByRole('dialog', { name })
  await expect(details).toContainText('Gimnasio')
  await expect(details).toContainText('Whole college')
  await expect(details).toContainText('All day')
  await expect(details.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await family.close()
})

test('an event the server refuses on replay needs attention, is fixed from the outbox and saved', async ({
  page,
  context,
  request,
}) => {
  const course = await createCourse(request, '2° Básico', 'Coro')
  const name = `Choir rehearsal ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await waitForServiceWorker(page)
  await page.goto('/events/new-event')
  await expect(page.getByLabel('Coro', { exact: true })).toHaveCount(1)

  await context.setOffline(true)
  await page.goto('/events')
  await newEvent(page, name)
  // New events are for the whole college until the teacher narrows them down.
  await tick(page, 'All courses', false)
  await tick(page, 'Coro')
  await page.getByRole('button', { name: 'Save event' }).click()
  await expect(page.getByRole('dialog', { name })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name })).toHaveCount(0)
  // Meanwhile the administrator removes the course.
  expect(await course.remove()).toBe(204)

  await context.setOffline(false)
  await expect(page.getByTestId('outbox-badge')).toContainText('need attention', { timeout: 20_000 })
  await page.getByTestId('outbox-badge').click()
  await expect(page.getByTestId('outbox-item')).toContainText(`New event: ${name}`)
  await page.getByRole('link', { name: 'Fix' }).click()
  await expect(
    page.getByText('One of the chosen courses no longer exists. Please choose again.'),
  ).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue(name)
  await tick(page, 'All courses')
  await page.getByRole('button', { name: 'Send again' }).click()
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 20_000 })
  expect(await serverEventsNamed(request, name)).toBe(1)
})

test('staff name and colour the categories; a deleted one leaves its events uncoloured, for families too', async ({
  page,
  browser,
}) => {
  const name = `Deportes ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await page.goto('/events')
  await page.getByRole('button', { name: 'Categories' }).click()
  const manager = page.getByRole('dialog', { name: 'Event categories' })
  await expect(manager.getByRole('list', { name: 'Categories' }).getByText('Reuniones')).toBeVisible()

  // A blank name is refused on the field; then added with a suggested colour.
  await manager.getByRole('button', { name: 'Add the category' }).click()
  await expect(manager.getByText('Please write the name of the category')).toBeVisible()
  await manager.getByLabel('Name').fill(name)
  await manager.getByRole('listbox', { name: 'Suggested colours' }).getByRole('option').nth(2).click()
  await manager.getByRole('button', { name: 'Add the category' }).click()
  await expect(manager.getByRole('listitem').filter({ hasText: name })).toContainText('0 events')

  // Renaming to an existing name answers the server's message on the field.
  await manager.getByRole('button', { name: `Edit ${name}` }).click()
  await manager.getByLabel('Name').fill('Reuniones')
  await manager.getByRole('button', { name: 'Save the category' }).click()
  await expect(manager.getByText('A category with this name already exists')).toBeVisible()
  await manager.getByLabel('Name').fill(`${name} escolares`)
  await manager.getByRole('button', { name: 'Save the category' }).click()
  await expect(manager.getByText(`${name} escolares`)).toBeVisible()
  await manager.getByRole('button', { name: 'Close' }).first().click()

  // An event in it, for the whole college.
  const eventName = `Campeonato ${Date.now()}`
  await page.getByRole('link', { name: 'New event' }).click()
  await page.getByLabel('Name').fill(eventName)
  await page.getByRole('button', { name: /No category.*Category|Category.*No category/ }).click()
  await page.getByRole('option', { name: `${name} escolares` }).click()
  await page.getByRole('button', { name: 'Save event' }).click()
  await expect(page.getByRole('dialog', { name: eventName })).toContainText(`${name} escolares`)
  await page.keyboard.press('Escape')

  // Deleting asks first, and says what happens to its event.
  await page.getByRole('button', { name: 'Categories' }).click()
  await manager.getByRole('button', { name: `Delete ${name} escolares` }).click()
  const ask = page.getByRole('alertdialog')
  await expect(ask).toContainText('Its 1 event stays in the calendar, without a category.')
  await ask.getByRole('button', { name: 'Delete the category' }).click()
  await expect(manager.getByText(`${name} escolares`)).toHaveCount(0)
  await manager.getByRole('button', { name: 'Close' }).first().click()

  // A family's calendar shows the event, without the category.
  const family = await (await browser.newContext()).newPage()
  await family.addInitScript(() => localStorage.setItem('locale', 'en'))
  await signIn(family, 'guardian@demo.test')
  await family.goto('/events')
  await family.getByTestId('event-list').getByRole('link', { name: eventName }).click()
  const details = family.getByRole('dialog', { name: eventName })
  await expect(details).toBeVisible()
  await expect(details).not.toContainText(name)
})
