import { expect, type Page, test } from '@playwright/test'
import { signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

/** The sync pages a context (the page, or a worker) asked for, from its own resource timings. */
const syncRequests = (context: Page | { evaluate: Page['evaluate'] }) =>
  context.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/api/v1/sync')),
  )

test("a first sync is pulled and written by the pull worker, off the page's main thread, and Home fills", async ({
  page,
}) => {
  const started = page.waitForEvent('worker', (worker) => worker.url().includes('pull-worker'))
  await signIn(page, 'guardian@demo.test')
  const worker = await started
  await expect(page.getByText('Bienvenidos al nuevo año escolar')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Latest news' }).getByRole('article').first()).toBeVisible()
  // The pages came to the worker; the page itself fetched none of them.
  expect((await syncRequests(worker)).length).toBeGreaterThan(0)
  expect(await syncRequests(page)).toEqual([])
})

test('where the pull worker cannot load, the page pulls in its own thread and Home still fills', async ({
  page,
  context,
}) => {
  await context.route('**/pull-worker*', (route) => route.abort())
  await signIn(page, 'guardian@demo.test')
  await expect(page.getByText('Bienvenidos al nuevo año escolar')).toBeVisible()
  await expect.poll(() => syncRequests(page).then((list) => list.length)).toBeGreaterThan(0)
  await context.unroute('**/pull-worker*')
})
