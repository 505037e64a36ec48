// Dexie turns its debugging aids on for pages served from localhost (an async stack trace taken for
// every table operation); the built app turns them off, so the tests and the bench, which run on
// localhost, measure the mirror as families' phones run it.
import { expect, test } from '@playwright/test'
import { signIn } from '../helpers/session.ts'

test("a built app served from localhost takes no stack trace for each of the mirror's reads", async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('locale', 'en')
    const counted = window as unknown as { stackTasks: number }
    counted.stackTasks = 0
    const tasks = console as Console & { createTask?: (name: string) => unknown }
    const original = tasks.createTask?.bind(console)
    if (original)
      tasks.createTask = (name: string) => {
        counted.stackTasks++
        return original(name)
      }
  })
  await signIn(page, 'guardian@demo.test')
  await expect(page.getByRole('region', { name: 'Latest news' }).getByRole('article').first()).toBeVisible()
  // The browser has the call Dexie would use (or the count below would prove nothing).
  expect(await page.evaluate(() => typeof (console as { createTask?: unknown }).createTask)).toBe('function')
  expect(await page.evaluate(() => (window as unknown as { stackTasks: number }).stackTasks)).toBe(0)
})
