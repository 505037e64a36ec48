// The school office: a new fee for one grade, a cash payment recorded by hand for one of its students,
// the record in the payments list and in the accountant's CSV, and the family seeing the fee paid.
import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { apiToken, bearer, createCourse } from '../helpers/api.ts'
import { familyIn } from '../helpers/people.ts'
import { origin, signIn } from '../helpers/session.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

/** A React Aria select: its button is named by its value and its label. */
async function choose(page: Page, field: RegExp, option: string) {
  await page.getByRole('dialog').getByRole('button', { name: field }).first().click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Types a day into a React Aria date field (month, day, year segments in English). */
async function typeDay(page: Page, field: string, offsetDays: number) {
  const [y, m, d] = new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10).split('-')
  await page.getByRole('dialog').getByRole('group', { name: field }).getByRole('spinbutton').first().click()
  await page.keyboard.type(`${m}${d}${y}`)
}

test('the office creates a fee for a grade, records a cash payment, and the family sees it paid', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const tag = `cuota${Date.now()}`
  const course = await createCourse(request, '2° Básico', `2° Básico ${tag}`)
  const guardian = await familyIn(request, course.id, tag)
  const concept = `Salida al museo ${tag}`

  await signIn(page, 'admin@demo.test')
  await page.goto('/payments/fees/')
  await page.getByRole('button', { name: 'New fee' }).click()
  const form = page.getByRole('dialog', { name: 'New fee' })
  await form.getByRole('textbox', { name: 'Concept' }).fill(concept)
  await choose(page, /Type/, 'Activity')
  await form.getByRole('textbox', { name: 'Amount' }).fill('12000')
  await choose(page, /Applies to/, '2° Básico')
  await typeDay(page, 'Start date', -1)
  await typeDay(page, 'Due date', 10)
  await form.getByRole('button', { name: 'Create fee' }).click()
  await expect(form).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: concept })
  await expect(row).toContainText('2° Básico')
  await expect(row).toContainText('Paid 0 of')

  await page.goto('/payments/payments/')
  await page.getByRole('button', { name: 'Record payment' }).click()
  const record = page.getByRole('dialog', { name: 'Record payment' })
  await choose(page, /^Choose a fee|Fee/, `${concept} · 2° Básico`)
  await record.getByRole('combobox', { name: 'Student' }).fill(`Hijo ${tag}`)
  await page.getByRole('option', { name: new RegExp(`Hijo ${tag}`) }).click()
  await expect(record).toContainText('Amount to record: CLP 12,000')
  await record.getByRole('radio', { name: 'Cash' }).check({ force: true })
  await record.getByRole('button', { name: 'Record payment' }).click()
  await expect(record).toBeHidden()
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag)
  await expect(page).toHaveURL(new RegExp(`q=${tag}`))
  await expect(page.getByRole('row')).toHaveCount(2)
  const payment = page.getByRole('row').filter({ hasText: concept })
  await expect(payment).toContainText('Cash')
  await expect(payment).toContainText('Paid')
  const code = (
    await payment.getByRole('rowheader').or(payment.locator('td').first()).first().textContent()
  )?.trim()

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await readFile((await (await download).path())!, 'utf8')
  const lines = csv.trim().split(/\r\n/)
  expect(lines[0]).toContain('Code')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(concept)
  expect(lines[1]).toContain(code ?? '')

  const family = await browser.newContext()
  await family.addInitScript(() => localStorage.setItem('locale', 'en'))
  const parent = await family.newPage()
  await signIn(parent, guardian.email)
  await parent.goto('/payments/')
  const fee = parent.getByRole('list', { name: 'Fees' }).getByRole('listitem').filter({ hasText: concept })
  await expect(fee.getByText('Paid', { exact: true })).toBeVisible()
  await expect(parent.getByRole('list', { name: 'Payment history' })).toContainText(concept)
  await family.close()
})

test("on a phone the office's fee list and collection summary fit the screen, amounts included", async ({
  page,
  request,
}) => {
  // A concept of one long word (a code the office uses) must wrap rather than widen the table.
  const concept = `MatrículaExtraordinaria${Date.now()}`
  const admin = await apiToken(request, 'admin@demo.test')
  const today = new Date().toISOString().slice(0, 10)
  const created = await request.post(`${origin()}/api/v1/fees`, {
    headers: bearer(admin),
    data: { concept, type: 'other', amount: 1_234_567, grade_id: null, init_date: today, end_date: today },
  })
  expect(created.status()).toBe(201)
  const {
    ids: [id],
  } = (await created.json()) as { ids: number[] }
  try {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, 'admin@demo.test')
    // How far each table reaches past its card (it scrolls sideways when it does).
    const overflow = () =>
      page
        .locator('div.overflow-x-auto:has([role="grid"])')
        .evaluateAll((cards) => cards.map((c) => c.scrollWidth - c.clientWidth))

    await page.goto('/payments/fees/')
    const row = page.getByRole('row').filter({ hasText: concept })
    // The amount moved under the concept, beside the grade and due date.
    await expect(row.getByRole('rowheader')).toContainText(/CLP\s1,234,567 · Whole school · Due /)
    expect(await overflow()).toEqual([0])

    await page.goto('/payments/payments/?tab=summary')
    const byGrade = page.getByRole('grid', { name: 'By grade' })
    await expect(byGrade.getByRole('row').nth(1)).toContainText(/CLP\s[\d,]+ of CLP\s[\d,]+/)
    await expect(page.getByRole('grid', { name: 'By month' })).toBeVisible()
    expect(await overflow()).toEqual([0, 0])
  } finally {
    // Families of the whole school would see it in the other tests.
    expect((await request.delete(`${origin()}/api/v1/fees/${id}`, { headers: bearer(admin) })).status()).toBe(
      204,
    )
  }
})
