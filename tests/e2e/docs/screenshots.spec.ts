// The main screens as families and teachers see them, kept in tests/e2e/screenshots/ for the README.
import { expect, type Page, test } from '@playwright/test'
import { signIn } from '../helpers/session.ts'

const VARIANTS = [
  { name: 'phone-es', width: 390, height: 844, locale: 'es', scheme: 'light' },
  { name: 'desktop-es', width: 1280, height: 800, locale: 'es', scheme: 'light' },
  { name: 'phone-ar', width: 390, height: 844, locale: 'ar', scheme: 'light' },
  { name: 'desktop-dark', width: 1280, height: 800, locale: 'es', scheme: 'dark' },
] as const

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.getByRole('status', { name: /./ }).and(page.locator('[aria-busy="true"]'))).toHaveCount(0)
  await page.evaluate(() => document.fonts.ready)
}

async function shoot(page: Page, screen: string, variant: string) {
  await settle(page)
  await page.screenshot({ path: `tests/e2e/screenshots/${screen}-${variant}.png` })
}

for (const variant of VARIANTS) {
  test(`screenshots: ${variant.name}`, async ({ browser }) => {
    test.setTimeout(90_000)
    const session = async (email?: string) => {
      const context = await browser.newContext({
        viewport: { width: variant.width, height: variant.height },
        colorScheme: variant.scheme,
        // The calendar slides in for 300 ms when it opens; a picture mid-slide came out blurred.
        reducedMotion: 'reduce',
      })
      await context.addInitScript(
        ({ locale, scheme }) => {
          localStorage.setItem('locale', locale)
          localStorage.setItem('color-scheme', scheme)
        },
        { locale: variant.locale, scheme: variant.scheme },
      )
      const page = await context.newPage()
      if (email) await signIn(page, email)
      return { context, page }
    }

    const visitor = await session()
    await visitor.page.goto('/auth/login')
    await shoot(visitor.page, 'login', variant.name)
    await visitor.context.close()

    const family = await session('guardian@demo.test')
    await family.page.goto('/app/home')
    await shoot(family.page, 'home', variant.name)
    await family.page.goto('/blog')
    await family.page.getByRole('link', { name: 'Salida pedagógica de 1° Básico A' }).click()
    await shoot(family.page, 'post', variant.name)
    await family.page.goto('/app/profile')
    await shoot(family.page, 'profile', variant.name)
    await family.page.goto('/events')
    await expect(family.page.locator('.sx__calendar-wrapper')).toBeVisible()
    await shoot(family.page, 'calendar', variant.name)
    await family.context.close()

    const office = await session('admin@demo.test')
    await office.page.goto('/users')
    await expect(office.page.getByRole('row', { name: /Gabriela/ })).toBeVisible()
    await shoot(office.page, 'users', variant.name)
    await office.context.close()

    const teacher = await session('staff@demo.test')
    await teacher.page.goto('/blog/new-post')
    await shoot(teacher.page, 'editor', variant.name)
    await teacher.context.close()
  })
}
