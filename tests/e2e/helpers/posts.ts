import { expect, type Page } from '@playwright/test'
import { pickFiles, tick } from './session.ts'

/** Writes a post through the editor, for the whole college or one course of 1° Básico. */
export async function writePost(
  page: Page,
  title: string,
  options: { course?: string; picture?: Buffer } = {},
) {
  await page.goto('/blog/new-post')
  await page.getByLabel('Title').fill(title)
  await page.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type(`${title}: a few lines for the families.`)
  if (options.course) {
    await tick(page, '1° Básico')
    await tick(page, options.course)
  } else {
    await tick(page, 'All grades')
    await tick(page, 'All courses')
  }
  if (options.picture) {
    await pickFiles(page, 'Add pictures', [
      { name: 'trip.png', mimeType: 'image/png', buffer: options.picture },
    ])
    await expect(page.getByRole('img', { name: 'Picture 1' })).toBeVisible()
  }
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page).toHaveURL(/\/blog\/post\//)
}
