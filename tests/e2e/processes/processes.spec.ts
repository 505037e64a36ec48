// A teacher plans an internship for one course and its weekly practice; a second practice at an
// overlapping time is refused with the server's words on the start time; a family of that course finds
// the process and its practice on the phone, offline too. The list and the detail pass axe.
import { expect, type Page, test } from '@playwright/test'
import { createCourse } from '../helpers/api.ts'
import { expectNoSeriousViolations } from '../helpers/axe.ts'
import { familyIn } from '../helpers/people.ts'
import { signIn, tick } from '../helpers/session.ts'
import { waitForServiceWorker } from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

/** Types a day into a React Aria date field (month, day, year segments in English). */
async function typeDay(page: Page, field: string, offsetDays: number) {
  const [y, m, d] = new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10).split('-')
  await page.getByRole('dialog').getByRole('group', { name: field }).getByRole('spinbutton').first().click()
  await page.keyboard.type(`${m}${d}${y}`)
}

/** Types a morning time into a React Aria time field (hour, minute, AM/PM in English). */
async function typeTime(page: Page, field: string, hhmm: string) {
  await page.getByRole('dialog').getByRole('group', { name: field }).getByRole('spinbutton').first().click()
  await page.keyboard.type(`${hhmm.replace(':', '')}a`)
}

async function addMondayPractice(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: 'Add practice' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add practice' })
  await expect(dialog.getByRole('radio', { name: 'Every week' })).toBeChecked()
  await dialog.getByRole('button', { name: /Day of the week/ }).click()
  await page.getByRole('option', { name: 'Monday', exact: true }).click()
  await typeTime(page, 'Starts at', from)
  await typeTime(page, 'Ends at', to)
  await dialog.getByRole('textbox', { name: 'Place (optional)' }).fill('Taller mecánico')
  await dialog.getByRole('textbox', { name: 'Supervisor (optional)' }).fill('Pedro Soto')
  await dialog.getByRole('button', { name: 'Add practice' }).click()
  return dialog
}

test('a teacher plans a practice for one course, an overlap is refused, and its family sees it offline', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const tag = `p${Date.now()}`
  const courseName = `2° Básico ${tag}`
  const name = `Práctica profesional ${tag}`
  const course = await createCourse(request, '2° Básico', courseName)
  const guardian = await familyIn(request, course.id, `proc-${tag}`)

  const staff = await browser.newContext()
  await staff.addInitScript(() => localStorage.setItem('locale', 'en'))
  const teacher = await staff.newPage()
  await signIn(teacher, 'staff@demo.test')
  await teacher.goto('/processes/')
  await expect(teacher.getByRole('heading', { name: 'Processes', level: 1 })).toBeVisible()
  await expect(teacher.getByTestId('process').filter({ hasText: 'Taller de natación' })).toBeVisible()
  await teacher.getByRole('button', { name: 'New process' }).click()
  const form = teacher.getByRole('dialog', { name: 'New process' })
  await form.getByRole('textbox', { name: 'Process name' }).fill(name)
  // Begun two weeks ago, so this week's Monday is a practice whatever today's date (the calendar below).
  await typeDay(teacher, 'Start date', -14)
  await typeDay(teacher, 'End date', 60)
  await tick(teacher, courseName)
  await form.getByRole('button', { name: 'Create process' }).click()
  await expect(form).toBeHidden()
  await expect(teacher).toHaveURL(/\/processes\/processes\/[0-9a-f-]{36}$/)
  await expect(teacher.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(teacher.getByText('No practices for this course yet.')).toBeVisible()

  const first = await addMondayPractice(teacher, '08:00', '10:00')
  await expect(first).toBeHidden()
  const practice = teacher.getByTestId('practice')
  await expect(practice).toHaveCount(1)
  await expect(practice).toContainText('Every Monday')
  await expect(practice).toContainText('8:00 AM – 10:00 AM')
  await expect(practice).toContainText('Taller mecánico')
  await expect(teacher.getByTestId('next-practice')).toContainText(/Next practice: Monday, /)

  // The same course on Mondays from 9 to 11 clashes with the practice just added: the server says so.
  const second = await addMondayPractice(teacher, '09:00', '11:00')
  const clash = second.getByText(/This course already has a practice at that time/)
  await expect(clash).toBeVisible()
  await expect(clash).toContainText(name)
  await expect(second.getByRole('group', { name: 'Starts at' })).toHaveAttribute('data-invalid', 'true')
  await second.getByRole('button', { name: 'Cancel' }).click()
  await expect(second).toBeHidden()
  await expect(practice).toHaveCount(1)
  await expectNoSeriousViolations(teacher, 'detail, as a manager')
  await teacher.goto('/processes/')
  await expect(teacher.getByTestId('process').filter({ hasText: name })).toBeVisible()
  await expectNoSeriousViolations(teacher, 'list, as a manager')
  await staff.close()

  // The family of that course: the process and its practice, online and then with no connection.
  const family = await browser.newContext()
  await family.addInitScript(() => {
    localStorage.setItem('locale', 'en')
    localStorage.setItem('color-scheme', 'dark')
  })
  const page = await family.newPage()
  await signIn(page, guardian.email)
  await waitForServiceWorker(page)
  await page.goto('/processes/')
  const row = page.getByTestId('process').filter({ hasText: name })
  await expect(row).toBeVisible()
  await expect(row).toContainText('Running')
  await expect(row).toContainText('1 practice')
  await expect(page.getByRole('button', { name: 'New process' })).toHaveCount(0)
  await expectNoSeriousViolations(page, 'list, as a family, dark theme')

  await family.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search processes' }).fill('practica profesional')
  // The search reaches the address once typing pauses.
  await expect(page).toHaveURL(/q=practica/)
  await page.getByRole('link', { name: new RegExp(name) }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: courseName, level: 2 })).toBeVisible()
  await expect(page.getByTestId('practice')).toContainText('Every Monday')
  await expect(page.getByTestId('practice')).toContainText('Pedro Soto')
  await expect(page.getByTestId('next-practice')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit process' })).toHaveCount(0)
  await expectNoSeriousViolations(page, 'detail, as a family, dark theme')
  // The calendar draws its Mondays beside the events (the month on screen holds this week's), and a
  // practice there opens the process.
  await page.goto('/events')
  await page.getByTestId('event-calendar').locator('.sx__event', { hasText: name }).first().click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  // An address that leads nowhere says so.
  await page.goto('/processes/processes/00000000-0000-7000-a000-999999999999').catch(() => undefined)
  await expect(page.getByText('This process does not exist, or it is not shared with you.')).toBeVisible()
  await family.close()
})
