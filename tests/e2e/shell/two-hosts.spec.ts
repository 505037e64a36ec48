import { expect, test } from '@playwright/test'
import { origin, signIn } from '../helpers/session.ts'
import { waitForServiceWorker } from '../helpers/sync.ts'

test('P11: two hosts each get their own service worker, caches, database and manifest', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  await signIn(page, 'guardian@demo.test')
  await waitForServiceWorker(page)
  await page.goto('/app/home')
  const demo = await page.evaluate(async () => ({
    scope: (await navigator.serviceWorker.getRegistration())?.scope,
    dbs: (await indexedDB.databases()).map((d) => d.name),
    manifest: ((await (await fetch('/manifest.webmanifest')).json()) as { name: string }).name,
  }))

  const beta = await context.newPage()
  await signIn(beta, 'guardian@beta.test', { host: 'beta.localhost' })
  await waitForServiceWorker(beta)
  const other = await beta.evaluate(async () => ({
    scope: (await navigator.serviceWorker.getRegistration())?.scope,
    dbs: (await indexedDB.databases()).map((d) => d.name),
    manifest: ((await (await fetch('/manifest.webmanifest')).json()) as { name: string }).name,
  }))

  expect(demo.scope).toBe(`${origin('localhost')}/`)
  expect(other.scope).toBe(`${origin('beta.localhost')}/`)
  expect([demo.manifest, other.manifest]).toEqual(['Colegio Demo', 'Beta College'])
  // Each origin's IndexedDB holds only its own user's mirror.
  expect(demo.dbs.filter((n) => n?.startsWith('college-app-u'))).toHaveLength(1)
  expect(other.dbs.filter((n) => n?.startsWith('college-app-u'))).toHaveLength(1)
  const betaTitles = await beta.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 500))
    return [...document.querySelectorAll('h2 a')].map((a) => a.textContent)
  })
  expect(betaTitles).not.toContain('Comienza el año escolar')
})
