// An earthquake: the alert takes over the screen of a family with the app open within seconds, and
// their answer, given without a connection, reaches the school's board once they are back online
// with the moment they gave it.
import { expect, test } from '@playwright/test'
import { v7 as uuidv7 } from 'uuid'
import type { NotificationBoard } from '#shared/notifications.schema.ts'
import { apiToken, bearer } from '../helpers/api.ts'
import { newPerson } from '../helpers/people.ts'
import { origin, signIn } from '../helpers/session.ts'

test('an emergency takes over an open screen, and an offline answer reaches the board later', async ({
  page,
  context,
  request,
}) => {
  const family = await newPerson(request, { email: 'sismo@demo.test', name: 'Marta', role: 'guardian' })
  // A new account speaks the college's language (Spanish) until it chooses another.
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  await signIn(page, family.email)
  await page.goto('/events')
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()

  const admin = await apiToken(request, 'admin@demo.test')
  const sendId = uuidv7()
  const sent = await request.post(`${origin()}/api/v1/college-notifications`, {
    headers: bearer(admin),
    data: {
      id: sendId,
      title: 'Sismo: evacuación',
      content: 'Todos a la zona segura del patio.',
      emergency: true,
      scope: 'users',
      users: [family.id],
    },
  })
  expect(sent.status()).toBe(201)

  // No reload, no navigation: the live stream pokes the page, which pulls the alert.
  const alert = page.getByRole('alertdialog', { name: 'Sismo: evacuación' })
  await expect(alert).toBeVisible({ timeout: 5000 })
  await expect(alert.getByText('Todos a la zona segura del patio.')).toBeVisible()
  // Escape does not close it by accident.
  await page.keyboard.press('Escape')
  await expect(alert).toBeVisible()

  await context.setOffline(true)
  const answeredBefore = new Date().toISOString()
  await alert.getByRole('button', { name: 'We need help' }).click()
  await expect(alert).toBeHidden()
  await expect(page.getByText('Your answer will reach the school when you are back online.')).toBeVisible()

  const board = async () =>
    (await (
      await request.get(`${origin()}/api/v1/college-notifications/${sendId}`, { headers: bearer(admin) })
    ).json()) as NotificationBoard
  expect((await board()).counts.answered).toBe(0)

  // Back online a while later: the answer arrives with the time it was given.
  await page.waitForTimeout(1500)
  const reconnectedAt = new Date().toISOString()
  await context.setOffline(false)
  await expect.poll(async () => (await board()).counts.help, { timeout: 15_000 }).toBe(1)
  const person = (await board()).people[0]!
  expect(person).toMatchObject({ user_id: family.id, answer: 'help' })
  expect(person.answered_at! >= answeredBefore && person.answered_at! < reconnectedAt).toBe(true)

  // Their list shows what they answered.
  await page.goto('/notifications/')
  await page.getByText('Sismo: evacuación').click()
  await expect(page.getByText('We need help')).toBeVisible()
})
