// The signed-in Home and the shell around it come as one script (scripts/home-chunk.ts): an offline
// start instantiated 35 small ones one after another. A visitor signed out downloads none of it.
import { expect, type Page, test } from '@playwright/test'
import { signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

/** The paths of the scripts the page asks for from now on. */
function scriptsOf(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname)
  })
  return paths
}

const HOME_SCRIPT = /^\/assets\/home-[\w-]+\.js$/

test("a visitor's public home and sign-in page download none of the signed-in Home's code", async ({
  page,
}) => {
  const scripts = scriptsOf(page)
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.goto('/auth/login')
  await expect(page.locator('input[type=email]')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(scripts.filter((path) => path.startsWith('/assets/')).length).toBeGreaterThan(0)
  expect(scripts.filter((path) => HOME_SCRIPT.test(path))).toEqual([])
})

test('signed in, Home and the menu around it come in one script, not a file for each part', async ({
  page,
}) => {
  const scripts = scriptsOf(page)
  await signIn(page, 'guardian@demo.test')
  await expect(page.getByRole('region', { name: 'Latest news' }).getByRole('article').first()).toBeVisible()
  const home = [...new Set(scripts.filter((path) => HOME_SCRIPT.test(path)))]
  expect(home).toHaveLength(1)
  // Its functions are compiled while it streams in, not one by one on the main thread (scripts/compile-hints.ts).
  expect(await (await page.request.get(home[0] ?? '')).text()).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/)
  expect(
    scripts.filter((path) => /\/(app-home|app-layout|post-feed|latest-notifications|nav-badges)-/.test(path)),
  ).toEqual([])
})

test("Home's page leaves its script to the entry, so the launch screen's banner has the connection", async ({
  request,
}) => {
  const preloads = async (path: string) =>
    [
      ...(await (await request.get(path)).text()).matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g),
    ].map((m) => m[1] ?? '')
  // Named with the page, its ~70 KB of script counted in Lighthouse's simulated largest paint (2.43
  // against 1.83 s) and brought Home no sooner over a slow connection (college-index-html.ts).
  const home = await preloads('/app/home')
  expect(home.length).toBeGreaterThan(0)
  expect(home.filter((href) => HOME_SCRIPT.test(href))).toEqual([])
  // A page opened signed out still names its own: the sign-in form's neighbour, reset-password.
  expect(
    (await preloads('/auth/reset-password')).some((href) => /\/reset-password-[\w-]+\.js$/.test(href)),
  ).toBe(true)
})

test("a first visit's page names the scripts of its first screen up front, in a few files", async ({
  request,
}) => {
  // Each file is a request before the first screen: over a phone's connection they queued six at a
  // time, and Lighthouse's estimate of the public home's largest paint counted every one.
  const named = async (path: string) =>
    [
      ...(await (await request.get(path)).text()).matchAll(
        /<(?:script type="module"|link rel="modulepreload")[^>]* (?:src|href)="([^"]+\.js)"/g,
      ),
    ].map((m) => m[1] ?? '')
  const home = await named('/')
  expect(home.some((href) => /^\/assets\/framework-[\w-]+\.js$/.test(href))).toBe(true)
  expect(home.length).toBeLessThanOrEqual(7)
  const signIn = await named('/auth/login')
  expect(signIn.length).toBeLessThanOrEqual(5)
  expect(signIn.filter((href) => href.includes('/framework-'))).toEqual([])
})
