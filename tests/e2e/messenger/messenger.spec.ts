// A teacher and a family write to each other: each sees the other's message within seconds without
// reloading, a reply written offline arrives once after reconnecting, and a message to a course
// reaches every family of that course and no other.

import { readFileSync } from 'node:fs'
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { v7 as uuidv7 } from 'uuid'
import type { SyncResponse } from '#shared/sync.ts'
import { apiToken, bearer, createCourse } from '../helpers/api.ts'
import { seriousViolations } from '../helpers/axe.ts'
import { familyIn, newPerson } from '../helpers/people.ts'
import { origin, signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext()
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  const page = await context.newPage()
  await signIn(page, email)
  return page
}

/** The message bodies a person's mirror would receive, pulled as their device would. */
async function bodiesFor(request: APIRequestContext, email: string): Promise<string[]> {
  const token = await apiToken(request, email)
  const bodies: string[] = []
  let since = ''
  for (;;) {
    const res = await request.get(`${origin()}/api/v1/sync?since=${encodeURIComponent(since)}`, {
      headers: bearer(token),
    })
    const page = (await res.json()) as SyncResponse
    for (const change of page.changes)
      if (change.collection === 'messages' && change.op === 'put') bodies.push(change.data.body)
    since = page.cursor
    if (!page.hasMore) return bodies
  }
}

test('a teacher and a family exchange messages live; an offline reply arrives once', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const course = await createCourse(request, '1° Básico', '1° Básico M')
  const admin = await apiToken(request, 'admin@demo.test')
  const teacher = await newPerson(request, { email: 'tere@demo.test', name: 'Teresa', role: 'staff' })
  const assigned = await request.put(`${origin()}/api/v1/staff/${teacher.id}/courses`, {
    headers: bearer(admin),
    data: { course_ids: [course.id] },
  })
  expect(assigned.status()).toBe(200)
  const guardian = await familyIn(request, course.id, 'm1')

  const teacherPage = await signedIn(browser, teacher.email)
  await teacherPage.goto('/messenger/')
  await expect(teacherPage.getByRole('heading', { name: 'No messages yet' })).toBeVisible()

  const family = await signedIn(browser, guardian.email)
  await family.goto('/messenger/')
  await family.getByRole('button', { name: 'New message' }).first().click()
  const dialog = family.getByRole('dialog', { name: 'New message' })
  // A family is offered their child's teacher (and the administration), never other families.
  await expect(dialog.getByText('Teresa Prueba')).toBeVisible()
  await expect(dialog.getByText('Apoderado')).toHaveCount(0)
  await dialog.getByText('Teresa Prueba').click()
  await dialog
    .getByRole('textbox', { name: 'Message' })
    .fill('Hola profesora, ¿mañana hay prueba? https://example.org/horario')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(family).toHaveURL(/\/messenger\/?\?c=/)
  const familyMessages = family.getByRole('list', { name: 'Messages' })
  await expect(familyMessages.getByText('Hola profesora, ¿mañana hay prueba?')).toBeVisible()
  await expect(familyMessages.getByRole('link', { name: 'https://example.org/horario' })).toHaveAttribute(
    'rel',
    /noopener/,
  )
  await expect(familyMessages.getByText('Sent')).toBeVisible()

  // No reload: the teacher's list shows the conversation within two seconds, unread.
  const row = teacherPage.getByRole('link', { name: /Apoderado m1 Prueba/ })
  await expect(row).toBeVisible({ timeout: 2000 })
  await expect(row).toContainText('1 unread')
  await row.click()
  await expect(teacherPage.getByRole('list', { name: 'Messages' }).getByText('Hola profesora')).toBeVisible()
  // The family sees it read.
  await expect(familyMessages.getByText('Read', { exact: true })).toBeVisible({ timeout: 5000 })

  await teacherPage.getByRole('textbox', { name: 'Message' }).fill('Sí, de matemáticas.')
  await teacherPage.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(familyMessages.getByText('Sí, de matemáticas.')).toBeVisible({ timeout: 2000 })
  // Files travel with a message and open only for its readers (fetched with their token).
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer()
  await teacherPage.getByTestId('message-file-input').setInputFiles([
    { name: 'salida.png', mimeType: 'image/png', buffer: picture },
    { name: 'autorizacion.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ])
  await expect(teacherPage.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(2)
  await teacherPage.getByRole('button', { name: 'Send' }).click()
  const thumb = familyMessages.getByRole('button', { name: 'Open the picture salida.png' }).locator('img')
  await expect(thumb).toBeVisible({ timeout: 5000 })
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480)
  const downloading = family.waitForEvent('download')
  await familyMessages.getByRole('button', { name: /autorizacion\.pdf/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('autorizacion.pdf')
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-')
  expect(await seriousViolations(family)).toEqual([])

  // Offline: the reply waits on the device, then arrives once.
  await family.context().setOffline(true)
  await family.getByRole('textbox', { name: 'Message' }).fill('Gracias, estudiaremos.')
  await family.getByRole('button', { name: 'Send' }).click()
  await expect(familyMessages.getByText('Gracias, estudiaremos.')).toBeVisible()
  await expect(familyMessages.getByText('Waiting to send')).toBeVisible()
  await family.waitForTimeout(1000)
  await expect(teacherPage.getByText('Gracias, estudiaremos.')).toHaveCount(0)
  await family.context().setOffline(false)
  // Within seconds of reconnecting, live on the teacher's open screen, and once on each side.
  await expect(
    teacherPage.getByRole('list', { name: 'Messages' }).getByText('Gracias, estudiaremos.'),
  ).toHaveCount(1, { timeout: 6_000 })
  await expect(familyMessages.getByText('Waiting to send')).toHaveCount(0, { timeout: 6_000 })
  await expect(familyMessages.getByText('Gracias, estudiaremos.')).toHaveCount(1)
  expect(
    (await bodiesFor(request, teacher.email)).filter((b) => b === 'Gracias, estudiaremos.'),
  ).toHaveLength(1)
  await family.context().close()
  await teacherPage.context().close()
})

test('a message to a course reaches every family of that course and no other', async ({ page, request }) => {
  test.setTimeout(90_000)
  const course = await createCourse(request, '2° Básico', '2° Básico Z')
  const first = await familyIn(request, course.id, 'z1')
  const second = await familyIn(request, course.id, 'z2')

  await signIn(page, 'staff@demo.test')
  await page.goto('/messenger/')
  await page.getByRole('button', { name: 'New message' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New message' })
  await dialog.getByText('The families of some courses').click()
  await dialog.getByText('2° Básico Z').click()
  await dialog.getByRole('textbox', { name: 'Subject (optional)' }).fill('Salida al museo')
  await dialog.getByRole('textbox', { name: 'Message' }).fill('El viernes vamos al museo. Traer colación.')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('heading', { name: 'Salida al museo' })).toBeVisible()
  await expect(page.getByText('Read by 0 of 2')).toBeVisible({ timeout: 15_000 })

  const text = 'El viernes vamos al museo. Traer colación.'
  expect(await bodiesFor(request, first.email)).toContain(text)
  expect(await bodiesFor(request, second.email)).toContain(text)
  expect(await bodiesFor(request, 'guardian@demo.test')).not.toContain(text)

  // A family's answer goes to the staff only, not to the other family.
  const family = await page.context().browser()!.newContext()
  await family.addInitScript(() => localStorage.setItem('locale', 'en'))
  const theirs = await family.newPage()
  await signIn(theirs, first.email)
  await theirs.goto('/messenger/')
  await theirs.getByRole('link', { name: /Salida al museo/ }).click()
  await expect(
    theirs.getByText('Your reply goes only to the school staff, not to the other families.'),
  ).toBeVisible()
  await theirs.getByRole('textbox', { name: 'Message' }).fill('¿A qué hora vuelven?')
  await theirs.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('¿A qué hora vuelven?')).toBeVisible({
    timeout: 5000,
  })
  await expect(theirs.getByText('Sent')).toBeVisible()
  expect(await bodiesFor(request, second.email)).not.toContain('¿A qué hora vuelven?')
  await family.close()

  // Search finds a conversation by words from any of its messages (here not the last one), on the
  // device, and leaves out the others.
  const staff = await apiToken(request, 'staff@demo.test')
  const other = await request.post(`${origin()}/api/v1/conversations`, {
    headers: bearer(staff),
    data: { id: uuidv7(), message_id: uuidv7(), users: [first.id], body: 'Recordatorio: reunión el lunes' },
  })
  expect(other.status()).toBe(201)
  const conversations = page.getByRole('list', { name: 'Conversations' })
  await expect(conversations.getByRole('link')).toHaveCount(2)
  const search = page.getByRole('searchbox', { name: 'Search messages' })
  // As written, and as typed without accents on a phone's keyboard.
  for (const words of ['colación', 'COLACION']) {
    await search.fill(words)
    await expect(conversations.getByRole('link')).toHaveCount(1)
    await expect(conversations.getByRole('link', { name: /Salida al museo/ })).toBeVisible()
  }
  await search.fill('reunion lunes')
  await expect(conversations.getByRole('link')).toHaveCount(1)
  await expect(conversations.getByRole('link', { name: /Recordatorio/ })).toBeVisible()
  await search.fill('inexistente')
  await expect(page.getByRole('heading', { name: 'Nothing matches “inexistente”' })).toBeVisible()
})

test('on a phone, the message box sits on the keyboard: the bottom bar steps aside while writing', async ({
  browser,
  request,
}) => {
  // A conversation longer than the screen.
  const guardian = await newPerson(request, { email: 'teclado@demo.test', name: 'Teo', role: 'guardian' })
  const token = await apiToken(request, guardian.email)
  const admin = await apiToken(request, 'admin@demo.test')
  const adminId = (
    (await (await request.get(`${origin()}/api/v1/user`, { headers: bearer(admin) })).json()) as {
      id: number
    }
  ).id
  const conversationId = uuidv7()
  const started = await request.post(`${origin()}/api/v1/conversations`, {
    headers: bearer(token),
    data: { id: conversationId, message_id: uuidv7(), users: [adminId], body: 'Consulta 0' },
  })
  expect(started.status()).toBe(201)
  for (let i = 1; i < 12; i++)
    await request.post(`${origin()}/api/v1/conversations/${conversationId}/messages`, {
      headers: bearer(token),
      data: { id: uuidv7(), body: `Consulta ${i}: una pregunta larga sobre la matrícula del próximo año.` },
    })

  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
  })
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  const page = await context.newPage()
  await signIn(page, guardian.email)
  await page.goto(`/messenger/?c=${conversationId}`)
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Consulta 11:')).toBeVisible()
  const bar = page.getByRole('navigation', { name: 'Main menu' })
  await expect(bar).toBeVisible()
  const box = page.getByRole('textbox', { name: 'Message' })
  // Scrolled to the very end (the hardest case: nothing below the box can take the bar's place).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await box.focus()
  await expect(bar).toBeHidden()
  const { height } = page.viewportSize()!
  await expect
    .poll(async () => {
      const rect = await box.boundingBox()
      return rect ? Math.round(height - (rect.y + rect.height)) : -1
    })
    .toBeLessThan(40)
  expect((await box.boundingBox())!.y + (await box.boundingBox())!.height).toBeLessThanOrEqual(height)
  await box.blur()
  await expect(bar).toBeVisible()
  await context.close()
})
