// A teacher publishes a PDF for one course: a family of that course finds it, keeps it on the phone
// and opens it with no connection; a family of another course never sees it.
import { expect, type Page, test } from '@playwright/test'
import { tinyPdf } from '../../../src/server/db/demo-documents.ts'
import { createCourse } from '../helpers/api.ts'
import { familyIn } from '../helpers/people.ts'
import { pickFiles, signIn, tick } from '../helpers/session.ts'
import { waitForServiceWorker } from '../helpers/sync.ts'

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
})

async function findDocument(page: Page, title: string) {
  await page.goto('/documentos/')
  await page.getByRole('searchbox', { name: 'Search documents' }).fill(title)
  return page
    .getByRole('list', { name: 'Documents found' })
    .getByTestId('document')
    .filter({ hasText: title })
}

test('a PDF for one course reaches its families, who can keep it and open it offline', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const title = `Autorización museo ${Date.now()}`
  const staff = await browser.newContext()
  await staff.addInitScript(() => localStorage.setItem('locale', 'en'))
  const teacher = await staff.newPage()
  await signIn(teacher, 'staff@demo.test')
  await teacher.goto('/documentos/')
  await teacher.getByRole('button', { name: 'Publish documents' }).click()
  const dialog = teacher.getByRole('dialog', { name: 'Publish documents' })
  await pickFiles(teacher, 'Choose files', [
    { name: 'autorizacion.pdf', mimeType: 'application/pdf', buffer: tinyPdf(['Autorización', title]) },
  ])
  await expect(dialog.getByRole('progressbar', { name: 'autorizacion.pdf: uploaded' })).toBeVisible()
  await dialog.getByRole('textbox', { name: /^Title of autorizacion\.pdf/ }).fill(title)
  await tick(teacher, 'All grades', false)
  await tick(teacher, '1° Básico')
  await tick(teacher, 'All courses', false)
  await tick(teacher, '1° Básico A')
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(dialog).toBeHidden()
  await expect(teacher.getByTestId('document').filter({ hasText: title })).toBeVisible()
  await staff.close()

  // A family of 1° Básico A: new, kept on the device, opened without a connection.
  const family = await browser.newContext()
  await family.addInitScript(() => localStorage.setItem('locale', 'en'))
  const page = await family.newPage()
  await signIn(page, 'guardian@demo.test')
  await waitForServiceWorker(page)
  const row = await findDocument(page, title)
  await expect(row).toBeVisible()
  await expect(row.getByText('New', { exact: true })).toBeVisible()
  // Its first page, drawn in the teacher's browser when it was uploaded.
  await expect(row.locator('img')).toBeVisible()
  await row.getByRole('button', { name: `More for ${title}` }).click()
  await page.getByRole('menuitem', { name: /^Keep offline/ }).click()
  await expect(row.getByText('On this device')).toBeVisible()

  await family.setOffline(true)
  await page.evaluate(() => window.dispatchEvent(new Event('offline')))
  const popup = page.waitForEvent('popup')
  await row.getByRole('button', { name: `Open ${title}` }).click()
  const viewer = await popup
  const id = new URL(viewer.url()).pathname.split('/').pop()
  expect(viewer.url()).toMatch(/\/files\/documents\/[0-9a-f-]{36}$/)
  // What the viewer got: the PDF itself, from the device.
  const served = await page.evaluate(async (path) => {
    const response = await fetch(path)
    const bytes = new Uint8Array(await response.arrayBuffer())
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      head: String.fromCharCode(...bytes.slice(0, 5)),
    }
  }, `/files/documents/${id}`)
  expect(served).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' })
  await expect(row.getByText('New', { exact: true })).toBeHidden()
  // A document not kept says plainly that it needs a connection.
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('Circular N° 12')
  const other = page.getByTestId('document').filter({ hasText: 'Circular N° 12' })
  await expect(other.getByText('Needs a connection')).toBeVisible()
  await expect(other.getByRole('button', { name: /^Open/ })).toBeDisabled()
  // The profile counts what is kept, and frees the space.
  await page.goto('/app/profile').catch(() => undefined)
  await family.setOffline(false)
  await page.goto('/app/profile')
  await expect(page.getByTestId('kept-total')).toContainText('1 document kept offline')
  await family.close()

  // A family of another course never sees it.
  const course = await createCourse(request, '2° Básico', '2° Básico D')
  const otherGuardian = await familyIn(request, course.id, 'docs-2d')
  const elsewhere = await browser.newContext()
  await elsewhere.addInitScript(() => localStorage.setItem('locale', 'en'))
  const outsider = await elsewhere.newPage()
  await signIn(outsider, otherGuardian.email)
  await findDocument(outsider, title)
  await expect(outsider.getByRole('heading', { name: 'No document has that title.' })).toBeVisible()
  // ... while the circular for the whole college does reach it.
  await findDocument(outsider, 'Circular N° 12')
  await expect(outsider.getByTestId('document').filter({ hasText: 'Circular N° 12' })).toBeVisible()
  await elsewhere.close()
})
