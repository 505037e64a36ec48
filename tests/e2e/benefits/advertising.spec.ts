// Banners in their places, labelled as advertising, only in a college that accepts it; the albums of
// the gallery with their lightbox; the carousel on the public home page. Each screen passes axe.
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { apiToken, bearer } from '../helpers/api.ts'
import { expectNoSeriousViolations } from '../helpers/axe.ts'
import { writePost } from '../helpers/posts.ts'
import { origin, signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

const picture = (color: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer()

test('a family sees the banners of its college in their places, labelled as advertising', async ({
  page,
}) => {
  await signIn(page, 'guardian@demo.test')
  const home = page.getByRole('img', { name: /Pastelería Dulce Carla/ })
  await expect(home).toBeVisible()
  await expect(page.getByTestId('banner-slot').getByText('Advertising')).toBeVisible()
  await expectNoSeriousViolations(page, 'home with a banner')
  await page.goto('/blog')
  await expect(page.getByRole('img', { name: /Librería El Lápiz/ })).toBeVisible()
  // The home's banner is the home's only.
  await expect(page.getByRole('img', { name: /Pastelería Dulce Carla/ })).toHaveCount(0)
})

test("a first visit's Home draws its banner from the page, before any sync page has come", async ({
  page,
  context,
  request,
}) => {
  const token = await apiToken(request, 'guardian@demo.test')
  // The sync never answers (the bus with one bar of signal): the mirror stays empty.
  await context.route(/\/api\/v1\/sync/, () => undefined)
  await page.goto('/manifest.webmanifest')
  await page.evaluate((t) => localStorage.setItem('token', t), token)
  await page.goto('/app/home')
  await expect(page.getByRole('img', { name: /Pastelería Dulce Carla/ })).toBeVisible()
  await expect(page.getByTestId('banner-slot').getByText('Advertising')).toBeVisible()
  // Nothing came from the mirror: Home's news are still waiting.
  await expect(page.getByRole('article')).toHaveCount(0)
})

test('a college without advertising shows no banner', async ({ page }) => {
  await signIn(page, 'guardian@beta.test', { host: 'beta.localhost' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto(`${origin('beta.localhost')}/blog`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('banner-slot')).toHaveCount(0)
})

test('administrators see their banners, and the platform owner each college’s', async ({ browser }) => {
  const adminContext = await browser.newContext()
  await adminContext.addInitScript(() => localStorage.setItem('locale', 'en'))
  const admin = await adminContext.newPage()
  await signIn(admin, 'admin@demo.test')
  await admin.goto('/banner/')
  await expect(admin.getByRole('heading', { name: 'Banners', level: 1 })).toBeVisible()
  await expect(admin.getByText('Pastelería Dulce Carla: 15% en tortas de curso')).toBeVisible()
  await expectNoSeriousViolations(admin, 'banners of a college')
  await adminContext.close()

  const ownerContext = await browser.newContext()
  await ownerContext.addInitScript(() => localStorage.setItem('locale', 'en'))
  const owner = await ownerContext.newPage()
  await signIn(owner, 'root@platform.test')
  await owner.goto('/banners/colleges/')
  await expect(owner.getByRole('heading', { name: 'Banners by college', level: 1 })).toBeVisible()
  await expect(owner.getByText('Librería El Lápiz: forros para toda la lista')).toBeVisible()
  await expectNoSeriousViolations(owner, 'banners by college')
  await ownerContext.close()
})

test('the news pictures make albums that open in the lightbox', async ({ page }) => {
  test.setTimeout(120_000)
  const title = `Paseo al museo ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await writePost(page, title, { picture: await picture('#0ea5e9') })
  await page.goto('/gallery/Index')
  await expect(page.getByRole('heading', { name: 'Albums', level: 1 })).toBeVisible()
  const album = page.getByTestId('album').filter({ hasText: title })
  await expect(album).toContainText('1 picture')
  await expectNoSeriousViolations(page, 'albums')
  await album.click()
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Open picture 1' }).click()
  const viewer = page.getByRole('dialog', { name: 'Picture 1 of 1' })
  await expect(viewer).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
})

test('the carousel of the public home page shows the college’s slides', async ({ page, request }) => {
  const admin = await apiToken(request, 'admin@demo.test')
  const caption = `Día de la familia ${Date.now()}`
  const created = await request.post(`${origin()}/api/v1/college/slides`, {
    headers: bearer(admin),
    multipart: {
      caption,
      active: 'true',
      image: { name: 'slide.png', mimeType: 'image/png', buffer: await picture('#f59e0b') },
    },
  })
  expect(created.status()).toBe(201)
  await page.goto('/')
  const carousel = page.getByRole('region', { name: 'Life at the college' })
  await expect(carousel).toBeVisible()
  await expect(carousel.getByText(caption)).toBeAttached()
  // The spec's address for managing the carousel opens the slides' screen.
  await signIn(page, 'admin@demo.test')
  await page.goto('/gallery/carousel/Index')
  await expect(page).toHaveURL(/\/colleges\/slider/)
  const id = ((await created.json()) as { id: number }).id
  await request.delete(`${origin()}/api/v1/college/slides/${id}`, { headers: bearer(admin) })
})
