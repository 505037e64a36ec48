// A family pays this month's tuition through the demo's test provider: the bank's page, the return,
// the outcome page, the fee shown paid, the PDF receipt, and all of it still there with no connection.
// A rejected payment lands on the failure page and the fee stays due.
import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { createCourse } from '../helpers/api.ts'
import { familyIn } from '../helpers/people.ts'
import { signIn } from '../helpers/session.ts'
import { waitForServiceWorker } from '../helpers/sync.ts'

const TUITION = 'Mensualidad · este mes'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise
  const page = await pdf.getPage(1)
  const content = await page.getTextContent()
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ')
}

function feeRow(page: Page, concept: string) {
  return page.getByRole('list', { name: 'Fees' }).getByRole('listitem').filter({ hasText: concept })
}

async function familyOfFirstBasic(request: Parameters<typeof familyIn>[0], tag: string) {
  const course = await createCourse(request, '1° Básico', `1° Básico ${tag}`)
  return familyIn(request, course.id, tag)
}

test('a family pays a fee online, sees it paid with its receipt, and offline too', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000)
  const tag = `pago${Date.now()}`
  const guardian = await familyOfFirstBasic(request, tag)
  await signIn(page, guardian.email)
  await waitForServiceWorker(page)
  await page.goto('/payments/')
  const row = feeRow(page, TUITION)
  await expect(row.getByText('Due', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: `Pay ${TUITION}` }).click()

  // The provider's page (the test provider, clearly labelled), then back through the server.
  await expect(page).toHaveURL(/\/payments\/test-checkout\?token_ws=/)
  await expect(page.getByText('Test provider: no money moves')).toBeVisible()
  await expect(page.getByText('CLP 85,000')).toBeVisible()
  await page.getByRole('button', { name: 'Approve payment' }).click()
  await expect(page).toHaveURL(/\/payments\/PaymentSuccess\?p=/)
  const outcome = page.getByTestId('outcome-approved')
  await expect(outcome).toContainText('Payment approved')
  await expect(outcome).toContainText(TUITION)
  await expect(outcome).toContainText('CLP 85,000')
  const code = (await outcome.locator('dd[dir="auto"]').nth(2).textContent())?.trim() ?? ''
  expect(code).toMatch(/^P[0-9A-Z]{10}$/)
  // The outcome page says nothing about who paid for whom.
  await expect(outcome).not.toContainText(`Hijo ${tag}`)

  await page.getByRole('link', { name: 'See my fees' }).click()
  await expect(feeRow(page, TUITION).getByText('Paid', { exact: true })).toBeVisible()
  const history = page.getByRole('list', { name: 'Payment history' })
  const paid = history.getByTestId(`payment-${code}`)
  await expect(paid).toContainText(TUITION)

  const download = page.waitForEvent('download')
  await paid.getByRole('button', { name: `Receipt for ${TUITION}` }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`receipt-${code}.pdf`)
  const bytes = await readFile((await file.path())!)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  const text = await pdfText(bytes)
  for (const expected of ['Colegio Demo', '76.543.210-3', code, TUITION, `Hijo ${tag}`])
    expect(text).toContain(expected)
  expect(text).toMatch(/CLP 85,000|\$85\.000/)

  // No connection: the wallet and the receipt come from the device.
  await context.setOffline(true)
  await page.reload()
  await expect(feeRow(page, TUITION).getByText('Paid', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: `Pay ${TUITION}` })).toHaveCount(0)
  const again = page.waitForEvent('download')
  await history
    .getByTestId(`payment-${code}`)
    .getByRole('button', { name: `Receipt for ${TUITION}` })
    .click()
  const offlineCopy = await readFile((await (await again).path())!)
  expect(offlineCopy.equals(bytes)).toBe(true)
  await context.setOffline(false)
})

test('a rejected payment lands on the failure page and the fee stays due', async ({ page, request }) => {
  const tag = `rechazo${Date.now()}`
  const guardian = await familyOfFirstBasic(request, tag)
  await signIn(page, guardian.email)
  await page.goto('/payments/')
  await feeRow(page, TUITION)
    .getByRole('button', { name: `Pay ${TUITION}` })
    .click()
  await page.getByRole('button', { name: 'Reject payment' }).click()
  await expect(page).toHaveURL(/\/payments\/PaymentFailed\?p=/)
  await expect(page.getByTestId('outcome-rejected')).toContainText('Nothing was charged')
  await page.getByRole('link', { name: 'See my fees' }).click()
  const row = feeRow(page, TUITION)
  await expect(row.getByText('Due', { exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: `Pay ${TUITION}` })).toBeEnabled()
  const history = page.getByRole('list', { name: 'Payment history' })
  await expect(history).toContainText('Not completed')
  // On a phone its amount goes under what it was for, as a fee's does.
  await page.setViewportSize({ width: 390, height: 844 })
  const tried = history.getByRole('listitem').first()
  await expect(async () => {
    const details = (await tried.getByText(/^P[0-9A-Z]{10}$/).boundingBox())!
    const amount = (await tried.getByText('CLP 85,000').boundingBox())!
    expect(amount.y).toBeGreaterThanOrEqual(details.y + details.height)
  }).toPass()
})

test("on a phone a fee's amount and button take a line of their own; on a wide screen they stay beside it", async ({
  page,
  request,
}) => {
  const tag = `telefono${Date.now()}`
  const guardian = await familyOfFirstBasic(request, tag)
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, guardian.email)
  await page.goto('/payments/')
  const row = feeRow(page, TUITION)
  const concept = row.getByText(TUITION, { exact: true })
  const due = row.getByText(/^Due .*\d{4}$/)
  const pay = row.getByRole('button', { name: `Pay ${TUITION}` })
  await expect(pay).toBeVisible()
  const box = async (what: typeof pay) => (await what.boundingBox())!
  // Squeezed beside the amount and the button, the concept wrapped and the date broke over lines.
  const [conceptBox, dueBox, payBox] = [await box(concept), await box(due), await box(pay)]
  expect(payBox.y).toBeGreaterThanOrEqual(dueBox.y + dueBox.height)
  expect(dueBox.height).toBeLessThan(2 * 16)
  expect(conceptBox.height).toBeLessThan(2 * 18)

  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(async () => {
    const [wideConcept, widePay] = [await box(concept), await box(pay)]
    expect(widePay.y).toBeLessThan(wideConcept.y + wideConcept.height)
  }).toPass()
})
