import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { pickFiles, signIn } from '../helpers/session.ts'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'))
})

test('a user edits their profile and photo, with each validation message on its field', async ({ page }) => {
  await signIn(page, 'company@demo.test')
  await page.goto('/app/profile')
  const name = page.getByLabel('First name', { exact: true })
  await name.fill('')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('RUT').fill('11.111.111-2')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Your name is required')).toBeVisible()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByText('Please enter a valid RUT')).toBeVisible()

  await pickFiles(page, 'Choose a photo', [
    { name: 'notes.jpg', mimeType: 'text/plain', buffer: Buffer.from('hello') },
  ])
  await expect(page.getByText('The photo must be a JPEG, PNG or WebP image')).toBeVisible()

  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c026d3' } })
    .png()
    .toBuffer()
  await pickFiles(page, 'Choose a photo', [{ name: 'me.png', mimeType: 'image/png', buffer: png }])
  await expect(page.getByTestId('avatar-preview')).toHaveAttribute('src', /^blob:/)

  await name.fill('Carolina')
  await page.getByLabel('Email').fill('company@demo.test')
  // The administrator's RUT: one person per RUT in a college.
  await page.getByLabel('RUT').fill('11.111.111-1')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('This RUT is already in use')).toBeVisible()
  await page.getByLabel('RUT').fill('12.345.678-5')
  await page.getByLabel('Phone', { exact: true }).fill('+56 9 8765 4321')
  // The date is typed in the app's language (month, day, year in English), segment by segment.
  await page.getByRole('group', { name: 'Birth date' }).getByRole('spinbutton').first().click()
  await page.keyboard.type('05171990')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Your profile has been saved.')).toBeVisible()
  await expect(page.getByTestId('user-name')).toContainText('Carolina')
  await expect(page.getByTestId('avatar-preview')).toHaveAttribute('src', /^\/media\/avatars\//)

  await page.reload()
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Carolina')
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+56 9 8765 4321')
  const avatarUrl = await page.getByTestId('avatar-preview').getAttribute('src')
  const avatar = await page.request.get(avatarUrl!)
  const meta = await sharp(await avatar.body()).metadata()
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256])
})

test('a user changes their password, with each validation message', async ({ page }) => {
  await signIn(page, 'admin@demo.test')
  await page.goto('/app/profile')
  const current = page.getByLabel('Current password')
  const next = page.getByLabel('New password', { exact: true })
  const repeat = page.getByLabel('Repeat the new password')
  const submit = page.getByRole('button', { name: 'Change password' })

  await next.fill('short')
  await submit.click()
  await expect(page.getByText('field required.')).toBeVisible()
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible()

  await current.fill('demo12345')
  await next.fill('another-pass-1')
  await repeat.fill('another-pass-2')
  await submit.click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()

  await current.fill('wrong-current')
  await repeat.fill('another-pass-1')
  await submit.click()
  await expect(page.getByText('The current password is not correct')).toBeVisible()

  await current.fill('demo12345')
  await submit.click()
  await expect(page.getByText('Your password has been changed.')).toBeVisible()
  await expect(current).toHaveValue('')

  // Back to the demo password, so the demo accounts stay as documented.
  await current.fill('another-pass-1')
  await next.fill('demo12345')
  await repeat.fill('demo12345')
  await submit.click()
  await expect(page.getByText('Your password has been changed.').first()).toBeVisible()
})
