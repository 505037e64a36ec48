import { expect, test } from '@playwright/test'
import { origin, signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

test('on a phone the header is one compact row on every screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, 'staff@demo.test')
  for (const path of ['/app/home', '/blog', '/blog/articles', '/app/profile', '/app/outbox']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const box = await page.getByTestId('app-header').boundingBox()
    expect(box?.height, path).toBeLessThanOrEqual(64)
    // Nothing spills sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360)
  }
  await expect(page.getByRole('navigation', { name: 'Main menu' }).last()).toBeVisible()
})

test('the account menu works from the keyboard and gives profile, language, theme and sign out', async ({
  page,
}) => {
  await signIn(page, 'guardian@demo.test')
  const button = page.getByTestId('account-button')
  await button.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu', { name: 'Account' })
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused()
  for (const item of ['Profile', 'Waiting to send', 'Language', 'Theme', 'Sign out'])
    await expect(menu.getByRole('menuitem', { name: item })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await expect(button).toBeFocused()

  // Theme through the submenu, with arrow keys only.
  await page.keyboard.press('ArrowDown')
  await expect(menu).toBeVisible()
  await menu.getByRole('menuitem', { name: 'Theme' }).focus()
  await page.keyboard.press('ArrowRight')
  await page.getByRole('menuitemradio', { name: 'Dark' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveClass(/is-dark/)

  await button.click()
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/app\/profile$/)
})

test("an area's own address opens its first screen instead of an empty page", async ({ browser, page }) => {
  const firstScreens = async (who: string, areas: [string, RegExp][], on = page) => {
    await signIn(on, who)
    for (const [address, first] of areas) {
      await on.goto(address)
      await expect(on, address).toHaveURL(first)
      await expect(on.locator('main h1'), address).toBeVisible()
    }
  }
  await firstScreens('admin@demo.test', [
    ['/gallery', /\/gallery\/Index$/],
    ['/colleges/', /\/colleges\/details$/],
    ['/admin', /\/admin\/contacts\/?$/],
    ['/companies', /\/companies\/users\/?$/],
    ['/pyme', /\/pymes\/?$/],
  ])
  const owner = await browser.newContext()
  await owner.addInitScript(() => localStorage.setItem('locale', 'en'))
  await firstScreens(
    'root@platform.test',
    [
      ['/platform', /\/platform\/colleges$/],
      ['/banners', /\/banners\/colleges\/?$/],
    ],
    await owner.newPage(),
  )
  await owner.close()
})

test('the platform owner signing in on a college host lands on a page that does not wait for news', async ({
  page,
}) => {
  const syncCalls: number[] = []
  page.on('response', (response) => {
    if (response.url().includes('/api/v1/sync')) syncCalls.push(response.status())
  })
  await signIn(page, 'root@platform.test')
  await expect(page.getByRole('heading', { name: 'You are signed in as the platform owner' })).toBeVisible()
  await expect(page.getByText('Looking for news')).toHaveCount(0)
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0)
  await page.waitForTimeout(500)
  expect(syncCalls).toEqual([])
  // The college's own screens are not offered to someone outside the college.
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).first().getByRole('link', { name: 'News' }),
  ).toHaveCount(0)
})

test("the first paint already shows the college's name, language and icon, before any script runs", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${origin()}/auth/login`)
  await expect(page).toHaveTitle(/^Colegio Demo · /)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  // The launch screen: the college's icon and name, drawn from the page alone.
  await expect(page.locator('.launch-screen')).toHaveText('Colegio Demo')
  expect(await page.locator('.launch-screen img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(
    192,
  )
  // The public home's opens on the college's picture, fetched with the page, above its name.
  await page.goto(`${origin()}/`)
  await expect(page.locator('.launch-hero')).toHaveText('Colegio Demo')
  const picture = page.locator('.launch-hero img')
  await expect(picture).toHaveAttribute('src', '/default/app.jpeg')
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await page.goto(`${origin()}/auth/login`)
  const demoIcon = await page.locator('link[rel="icon"]').getAttribute('href')
  await page.goto(`${origin('beta.localhost')}/auth/login`)
  await expect(page).toHaveTitle(/^Beta College · /)
  await expect(page.locator('.launch-screen')).toHaveText('Beta College')
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).not.toBe(demoIcon)
  await context.close()
})

test('a phone set to dark sees a dark launch screen, not a white flash', async ({ browser }) => {
  const background = async (colorScheme: 'dark' | 'light') => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme })
    const page = await context.newPage()
    await page.goto(`${origin()}/auth/login`)
    // What the screen shows there, as red, green and blue (the body's colour where the screen has none).
    const rgb = await page.locator('.launch-screen').evaluate((el) => {
      const shown = (node: Element | null): string => {
        const color = node ? getComputedStyle(node).backgroundColor : 'white'
        return node && color === 'rgba(0, 0, 0, 0)' ? shown(node.parentElement) : color
      }
      const canvas = document.createElement('canvas')
      const pen = canvas.getContext('2d')!
      pen.fillStyle = shown(el)
      pen.fillRect(0, 0, 1, 1)
      return [...pen.getImageData(0, 0, 1, 1).data.slice(0, 3)]
    })
    await context.close()
    return rgb.reduce((sum, channel) => sum + channel, 0) / 3
  }
  expect(await background('dark')).toBeLessThan(40)
  expect(await background('light')).toBeGreaterThan(200)
})

test("a first visit opens the sign-in form in the college's language without waiting for the college's answer", async ({
  browser,
}) => {
  // A fresh device (no locale chosen) on a connection where the college's details never arrive.
  const context = await browser.newContext()
  await context.route('**/api/colleges/domain', () => undefined)
  const page = await context.newPage()
  await page.goto(`${origin()}/auth/login`)
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible()
  await expect(page.locator('.launch-screen')).toHaveCount(0)
  await expect(page.getByText('Colegio Demo').first()).toBeVisible()
  await context.close()
})

/** Whether "1°" shows to the left of "Básico" in this element's text, measured on screen. */
async function numberStaysFirst(element: import('@playwright/test').Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    let node = walker.nextNode() as Text | null
    while (node && !node.data.includes('1°')) node = walker.nextNode() as Text | null
    if (!node) return false
    const at = (index: number) => {
      const range = document.createRange()
      range.setStart(node!, index)
      range.setEnd(node!, index + 1)
      return range.getBoundingClientRect().left
    }
    return at(node.data.indexOf('1')) < at(node.data.indexOf('B'))
  })
}

test("in Arabic, people's Spanish text keeps its own order", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'ar'))
  await signIn(page, 'staff@demo.test')
  await page.goto('/blog')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  // A right-to-left paragraph would show "Básico A 1°" unless the text takes its own direction.
  const badge = page.getByText('1° Básico A', { exact: true }).first()
  await expect(badge).toBeVisible()
  expect(await numberStaysFirst(badge)).toBe(true)
  await page.goto('/blog/new-post')
  const course = page.locator('label').filter({ hasText: /^1° Básico A$/ })
  await expect(course).toBeVisible()
  expect(await numberStaysFirst(course)).toBe(true)
})
