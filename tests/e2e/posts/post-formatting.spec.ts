import { expect, test } from '@playwright/test'
import { signIn, tick } from '../helpers/session.ts'

test.beforeEach(async ({ context, page }) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  // The app asks with its own dialogs; a browser prompt() or confirm() fails the test.
  page.on('dialog', (dialog) => {
    throw new Error(`a native ${dialog.type()} dialog was opened: ${dialog.message()}`)
  })
})

test('headings, lists and links written in the editor keep their formatting for readers', async ({
  page,
}) => {
  const title = `Formatted ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await page.goto('/blog/new-post')
  await page.getByLabel('Title').fill(title)
  const content = page.getByRole('textbox', { name: 'Content' })
  await content.click()
  await page.getByRole('button', { name: 'Heading', exact: true }).click()
  await page.keyboard.type('Field trip')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Bring water and a hat.')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'List', exact: true }).click()
  await page.keyboard.type('Signed permission')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Lunch box')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await page.keyboard.type('More at the museum site')
  // A link is asked for in the app's dialog, not with the browser's prompt().
  await page.keyboard.down('Shift')
  for (let i = 0; i < 'museum site'.length; i++) await page.keyboard.press('ArrowLeft')
  await page.keyboard.up('Shift')
  await page.getByRole('button', { name: 'Link', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a link' })
  await dialog.getByLabel('Address of the link').fill('not a web address')
  await dialog.getByRole('button', { name: 'Add the link' }).click()
  await expect(dialog.getByText('Enter a full web address, such as https://example.org')).toBeVisible()
  await dialog.getByLabel('Address of the link').fill('https://museum.example.org/visit')
  await dialog.getByRole('button', { name: 'Add the link' }).click()
  await expect(dialog).toHaveCount(0)
  await tick(page, 'All grades')
  await tick(page, 'All courses')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page).toHaveURL(/\/blog\/post\//)

  const body = page.getByTestId('post-content')
  const heading = body.getByRole('heading', { name: 'Field trip' })
  await expect(heading).toBeVisible()
  const paragraph = body.getByText('Bring water and a hat.')
  const size = (locator: typeof heading) =>
    locator.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))
  expect(await size(heading)).toBeGreaterThan((await size(paragraph)) * 1.3)
  expect(await heading.evaluate((el) => getComputedStyle(el).fontWeight)).toMatch(/^(6|7|8)00$/)
  const list = body.getByRole('list')
  await expect(list.getByRole('listitem')).toHaveText(['Signed permission', 'Lunch box'])
  expect(await list.evaluate((el) => getComputedStyle(el).listStyleType)).toBe('disc')
  const link = body.getByRole('link', { name: 'museum site' })
  await expect(link).toHaveAttribute('href', 'https://museum.example.org/visit')
  expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline')
})

test('typing right after a toolbar button keeps every character', async ({ page }) => {
  await signIn(page, 'staff@demo.test')
  await page.goto('/blog/new-post')
  const content = page.getByRole('textbox', { name: 'Content' })
  await content.click()
  await page.keyboard.type('Start ')
  const text = 'abcdefghijklmnopqrstuvwxyz0123456789'
  for (const tool of ['Bold', 'Italic', 'Bold']) {
    await page.getByRole('button', { name: tool, exact: true }).click()
    // No pause: the keystrokes follow the click as fast as a person's thumbs can.
    await page.keyboard.type(text, { delay: 0 })
  }
  await expect(content).toHaveText(`Start ${text}${text}${text}`)
})

test('a new category is created in the app’s own dialog and chosen for the post', async ({ page }) => {
  const name = `Sports ${Date.now()}`
  await signIn(page, 'staff@demo.test')
  await page.goto('/blog/new-post')
  await page.getByRole('button', { name: 'New category' }).click()
  const dialog = page.getByRole('dialog', { name: 'New category' })
  await dialog.getByRole('button', { name: 'Create the category' }).click()
  await expect(dialog.getByText('Please write the name of the category')).toBeVisible()
  await dialog.getByLabel('Name of the new category').fill(name)
  await dialog.getByRole('button', { name: 'Create the category' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(
    page.getByRole('button', { name: new RegExp(`${name}.*Category|Category.*${name}`) }),
  ).toBeVisible()
})
