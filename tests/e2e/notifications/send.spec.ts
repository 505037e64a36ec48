// A teacher tells a course's families about a meeting: the form says how many it reaches before
// sending, the family finds it unread in their notifications, and the teacher's board sees it read.
import { expect, test } from '@playwright/test'
import { seriousViolations } from '../helpers/axe.ts'
import { signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

test('a teacher sends to a course; the family reads it and the board shows it read', async ({
  page,
  browser,
}) => {
  await signIn(page, 'staff@demo.test')
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .first()
    .getByRole('link', { name: 'Send notifications' })
    .click()
  await expect(page.getByRole('heading', { name: 'Sent notifications', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'New notification' }).first().click()

  await page.getByRole('button', { name: 'Send now' }).click()
  await expect(page.getByText('field required.').first()).toBeVisible()

  await page.getByRole('textbox', { name: 'Title' }).fill('Reunión de apoderados 1° A')
  await page.getByRole('textbox', { name: 'Message' }).fill('Jueves 19:00 en la sala del curso.')
  await page.getByRole('radiogroup', { name: 'Audience' }).getByText('Courses', { exact: true }).click()
  await page.getByRole('checkbox', { name: '1° Básico A' }).check({ force: true })
  await expect(page.getByTestId('send-preview')).toHaveAttribute('data-state', 'ready')
  await expect(page.getByTestId('send-preview')).toContainText('2 people')
  await page.getByRole('button', { name: 'Send now' }).click()

  await expect(page.getByRole('heading', { name: 'Reunión de apoderados 1° A', level: 1 })).toBeVisible()
  await expect(page.getByTestId('board-progress')).toContainText('Read by 0 of 2')
  expect(await seriousViolations(page)).toEqual([])

  const family = await browser.newContext()
  await family.addInitScript(() => localStorage.setItem('locale', 'en'))
  const theirs = await family.newPage()
  await signIn(theirs, 'guardian@demo.test')
  await theirs.goto('/notifications/')
  const unread = theirs.getByRole('region', { name: 'Unread' })
  await expect(unread.getByText('Reunión de apoderados 1° A')).toBeVisible()
  await unread.getByText('Reunión de apoderados 1° A').click()
  await expect(theirs.getByText('Jueves 19:00 en la sala del curso.')).toBeVisible()

  // The read goes out from the family's outbox (so their page stays open until it has); the board
  // refreshes by itself while open.
  await expect(page.getByTestId('board-progress')).toContainText('Read by 1 of 2', { timeout: 20_000 })
  await expect(page.getByTestId('board-read').getByText('Gabriela')).toBeVisible()
  // Marked read, it stays where the family opened it, still open, until they leave the page.
  await expect(unread.getByText('Jueves 19:00 en la sala del curso.')).toBeVisible()
  await family.close()

  await page.getByRole('main').getByRole('link', { name: 'Sent notifications' }).click()
  await expect(page.getByRole('row', { name: /Reunión de apoderados 1° A/ })).toBeVisible()
})

test('people chosen from a search, several at a time, are exactly who it reaches', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await page.goto('/college-notifications/new-notification')
  await page.getByRole('textbox', { name: 'Title' }).fill('Entrevista')
  await page.getByRole('textbox', { name: 'Message' }).fill('Por favor pase por la oficina.')
  await page.getByRole('radiogroup', { name: 'Audience' }).getByText('Chosen people', { exact: true }).click()
  // Two from one search (both students' addresses say "student"), one more from another.
  const search = page.getByRole('searchbox', { name: 'Find people' })
  const found = page.getByRole('group', { name: 'People found' })
  await search.fill('student')
  await expect(found.getByRole('checkbox')).toHaveCount(2)
  await found.getByText('Isidora Pérez').click()
  await found.getByText('Tomás Apoderada').click()
  await expect(found.getByRole('checkbox', { checked: true })).toHaveCount(2)
  await search.fill('Carla')
  await expect(found.getByRole('checkbox')).toHaveCount(1)
  await found.getByText('Carla Emprendedora').click()
  const chips = page.getByTestId('chosen-people')
  await expect(chips.getByRole('listitem')).toHaveCount(3)
  await chips.getByRole('button', { name: /Remove Tomás/ }).click()
  await expect(page.getByTestId('send-preview')).toContainText('2 people')
  await page.getByRole('button', { name: 'Send now' }).click()
  await expect(page.getByTestId('board-progress')).toContainText('Read by 0 of 2')
  await expect(page.getByTestId('board-unread').getByTestId('board-person')).toHaveCount(2)
})
