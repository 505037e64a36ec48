// The college's own settings: its colour shows at once and in the installed app's manifest; a test mail
// really goes to a mail server; visitors' messages reach the inbox and get an answer.
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { SMTPServer } from 'smtp-server'
import { mailsTo } from '../helpers/mail.ts'
import { signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

const brand = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim())

test('a new colour shows at once in the app, and the manifest follows', async ({ page, request }) => {
  await signIn(page, 'admin@demo.test')
  await page.goto('/college')
  await page.getByRole('link', { name: /Details/ }).click()
  await expect(page.getByRole('heading', { name: 'College details' })).toBeVisible()
  const before = await brand(page)
  const colour = page.getByRole('textbox', { name: 'Colour' })
  await colour.fill('#0f766e')
  await colour.press('Tab')
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByText('The college details have been saved.')).toBeVisible()
  await expect.poll(() => brand(page)).toBe('#0f766e')
  const manifest = await (await request.get('/manifest.webmanifest')).json()
  expect(manifest.theme_color).toBe('#0f766e')
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f766e')

  // Back to how it was, for the other tests.
  await colour.fill(before)
  await colour.press('Tab')
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect.poll(() => brand(page)).toBe(before)
})

test('leaving the details with unsaved changes asks first', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await page.goto('/colleges/details')
  await page.getByLabel('Phone').fill('+56 2 9999 0000')
  await page.getByRole('link', { name: 'College', exact: true }).first().click()
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Stay on this screen' }).click()
  await expect(page.getByLabel('Phone')).toHaveValue('+56 2 9999 0000')
})

test('"Send a test mail" talks to a real mail server and shows its answer', async ({ page }) => {
  const received: string[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume()
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  try {
    await signIn(page, 'admin@demo.test')
    await page.goto('/admin/integrations')
    await page.getByLabel('Mail server').fill('127.0.0.1')
    await page.getByRole('textbox', { name: 'Port' }).fill(String(port))
    await page.getByRole('radio', { name: /None/ }).check()
    await page.getByLabel('Send it to').fill('prueba@demo.test')
    await page.getByRole('button', { name: 'Send a test mail' }).click()
    await expect(page.getByText('The mail server accepted the message.')).toBeVisible()
    await expect(page.getByText(/^250 /)).toBeVisible()
    expect(received).toContain('prueba@demo.test')

    // A port where nothing listens: the answer says so in plain words.
    await smtp.close()
    await page.getByRole('button', { name: 'Send a test mail' }).click()
    await expect(
      page.getByText(`Nothing answers at 127.0.0.1 on port ${port}. Check the host name and the port.`),
    ).toBeVisible()
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  }
})

test("a visitor's message reaches the inbox, and the office answers it", async ({ page, browser }) => {
  const from = 'paula.vega@example.com'
  const visitor = await browser.newContext()
  await visitor.addInitScript(() => localStorage.setItem('locale', 'en'))
  const home = await visitor.newPage()
  await home.goto('/')
  await home.getByRole('button', { name: 'Send message' }).click()
  await expect(home.getByText('Please write your message')).toBeVisible()
  await home.getByLabel('Your name').fill('Paula Vega')
  await home.getByLabel('Email').fill(from)
  await home.getByLabel('Message').fill('¿Cuándo empiezan las matrículas?')
  await home.getByRole('button', { name: 'Send message' }).click()
  await expect(home.getByText('Thank you. Your message has reached the college.')).toBeVisible()
  await visitor.close()

  await signIn(page, 'admin@demo.test')
  await page.goto('/admin/contacts')
  await page.getByRole('row', { name: /Paula Vega/ }).click()
  await expect(page.getByRole('heading', { name: 'Paula Vega' })).toBeVisible()
  await page
    .getByLabel(`Answer by mail to ${from}`)
    .fill('Hola Paula: las matrículas empiezan el 1 de diciembre.')
  await page.getByRole('button', { name: 'Send answer' }).click()
  await expect(page.getByText('Your answer has been sent.')).toBeVisible()
  await expect(page.getByText('Handled', { exact: true }).first()).toBeVisible()
  await expect.poll(async () => (await mailsTo(from)).length, { timeout: 10_000 }).toBe(1)
})
