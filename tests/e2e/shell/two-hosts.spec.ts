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
    caches: await caches.keys(),
    manifest: ((await (await fetch('/manifest.webmanifest')).json()) as { name: string }).name,
  }))

  const beta = await context.newPage()
  await signIn(beta, 'guardian@beta.test', { host: 'beta.localhost' })
  await waitForServiceWorker(beta)
  const other = await beta.evaluate(async () => ({
    scope: (await navigator.serviceWorker.getRegistration())?.scope,
    dbs: (await indexedDB.databases()).map((d) => d.name),
    caches: await caches.keys(),
    manifest: ((await (await fetch('/manifest.webmanifest')).json()) as { name: string }).name,
  }))

  expect(demo.scope).toBe(`${origin('localhost')}/`)
  expect(other.scope).toBe(`${origin('beta.localhost')}/`)
  expect([demo.manifest, other.manifest]).toEqual(['Colegio Demo', 'Beta College'])
  // Each origin's IndexedDB holds only its own user's mirror.
  expect(demo.dbs.filter((n) => n?.startsWith('college-app-u'))).toHaveLength(1)
  expect(other.dbs.filter((n) => n?.startsWith('college-app-u'))).toHaveLength(1)
  // Each origin's shell is precached in a cache of its own, named for its own scope only.
  const precache = (keys: string[]) => keys.filter((k) => k.startsWith('workbox-precache'))
  expect(precache(demo.caches)).toEqual([expect.stringContaining(`${origin('localhost')}/`)])
  expect(precache(other.caches)).toEqual([expect.stringContaining(`${origin('beta.localhost')}/`)])
  // Beta's Home shows Beta's news, and none of the other college's.
  await beta.goto(`${origin('beta.localhost')}/blog`)
  await expect(beta.getByRole('link', { name: 'Welcome back' }).first()).toBeVisible()
  await expect(beta.getByText('Comienza el año escolar')).toHaveCount(0)
})
