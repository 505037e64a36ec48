// A first visit to Home carries its banner of the day in the page, its picture fetched with the page:
// the same banner the family's mirror gets, only on Home, only on its days, only where the college
// takes advertising, and never another college's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearShortCaches } from '#server/platform/short-cache.ts'
import { PAGE_BANNER_ID } from '#shared/banner-of-day.ts'
import type { Banner } from '#shared/banners.schema.ts'
import type { SyncResponse } from '#shared/sync.ts'
import { todayIn } from '#shared/time-zones.ts'
import { type BuiltClient, writeBuiltClient } from './helpers/built-client.ts'
import { collegeIdOf } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let client: BuiltClient
beforeAll(async () => {
  client = writeBuiltClient()
  t = await createTestApp({ distDir: client.distDir })
})
afterAll(async () => {
  await t.close()
  client.remove()
})

const DATA_BLOCK = new RegExp(`<script type="application/json" id="${PAGE_BANNER_ID}">(.*?)</script>`)

async function pageBanner(path: string, host = 'localhost'): Promise<{ html: string; banner?: Banner }> {
  const html = await (await t.request('GET', path, { host })).text()
  const block = html.match(DATA_BLOCK)?.[1]
  return { html, banner: block ? JSON.parse(block) : undefined }
}

/** What the guardian's mirror holds for Home: the first sync's home banners. */
async function mirroredHomeBanners(): Promise<Banner[]> {
  const token = await t.login('guardian@demo.test')
  const page = (await (await t.request('GET', '/api/v1/sync?limit=100', { token })).json()) as SyncResponse
  return page.changes
    .filter((change) => change.collection === 'banners' && change.op === 'put')
    .map((change) => (change as { data: Banner }).data)
    .filter((banner) => banner.placement === 'home')
}

async function demoToday(): Promise<string> {
  const college = await t.db
    .selectFrom('colleges')
    .select('timezone')
    .where('id', '=', await collegeIdOf(t.db, 'demo'))
    .executeTakeFirstOrThrow()
  return todayIn(college.timezone)
}

describe("Home's page on a first visit", () => {
  it.each(['/app/home', '/app', '/app/'])(
    'at %s names the banner the mirror will hold, and fetches its picture',
    async (path) => {
      const { html, banner } = await pageBanner(path)
      const mirrored = await mirroredHomeBanners()
      expect(mirrored).toHaveLength(1)
      expect(banner).toEqual(mirrored[0])
      expect(html).toContain(
        `<link rel="preload" as="image" fetchpriority="high" href="${banner?.image_url}">`,
      )
      const picture = await t.request('GET', banner!.image_url)
      expect(picture.status).toBe(200)
      // Still no inline script: a data block runs nothing (the CSP allows none).
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0])
      expect(inline).toEqual([
        '<script type="application/json" id="college-data">',
        `<script type="application/json" id="${PAGE_BANNER_ID}">`,
      ])
    },
  )

  it.each(['/', '/index.html', '/auth/login', '/app/profile', '/app/menu'])(
    'is not in the page at %s',
    async (path) => {
      const { html, banner } = await pageBanner(path)
      expect(banner).toBeUndefined()
      expect(html).not.toContain('/media/banners/')
    },
  )

  it("shows it on the launch screen, labelled as advertising in the college's language", async () => {
    const launchPicture = (html: string) => html.match(/<span class="launch-picture">.*?<\/span><\/div>/)?.[0]
    const { html, banner } = await pageBanner('/app/home')
    const launch = html.match(/<div id="app"><div class="launch-screen">.*<\/div><\/div>/)?.[0]
    expect(launch).toContain('<p>Colegio Demo</p>')
    expect(launchPicture(html)).toBe(
      `<span class="launch-picture"><span>Publicidad</span><img src="${banner!.image_url}" alt="${banner!.title}" width="1200" height="400" fetchpriority="high"></span></div>`,
    )
    const collegeId = await collegeIdOf(t.db, 'demo')
    const college = () => t.db.updateTable('colleges').where('id', '=', collegeId)
    try {
      await college().set({ language: 'fr', updated_at: new Date().toISOString() }).execute()
      clearShortCaches(t.db)
      expect(launchPicture((await pageBanner('/app/home')).html)).toContain('<span>Publicité</span>')
    } finally {
      await college().set({ language: 'es', updated_at: new Date().toISOString() }).execute()
      clearShortCaches(t.db)
    }
  })

  it("is never another college's", async () => {
    const { banner: demo } = await pageBanner('/app/home')
    const { html } = await pageBanner('/app/home', 'beta.localhost')
    expect(html).not.toContain(demo!.id)
    expect(html).not.toContain(demo!.image_url)
  })

  it('names none on a day the banner is not shown, or once it is deleted, and the page changes at once', async () => {
    const collegeId = await collegeIdOf(t.db, 'demo')
    const today = await demoToday()
    const home = () =>
      t.db.updateTable('banners').where('college_id', '=', collegeId).where('placement', '=', 'home')
    const before = await t.db
      .selectFrom('banners')
      .select(['starts_on', 'ends_on'])
      .where('college_id', '=', collegeId)
      .where('placement', '=', 'home')
      .executeTakeFirstOrThrow()
    try {
      await home().set({ starts_on: '2000-01-01', ends_on: '2000-01-02' }).execute()
      expect((await pageBanner('/app/home')).banner).toBeUndefined()
      await home().set({ starts_on: '2999-01-01', ends_on: '2999-01-02' }).execute()
      expect((await pageBanner('/app/home')).banner).toBeUndefined()
      await home().set({ starts_on: today, ends_on: today, deleted_at: '2026-01-01T00:00:00.000Z' }).execute()
      expect((await pageBanner('/app/home')).banner).toBeUndefined()
      await home().set({ deleted_at: null }).execute()
      expect((await pageBanner('/app/home')).banner?.ends_on).toBe(today)
    } finally {
      await home().set({ starts_on: before.starts_on, ends_on: before.ends_on, deleted_at: null }).execute()
    }
  })

  it('names none in a college that does not take advertising', async () => {
    const collegeId = await collegeIdOf(t.db, 'demo')
    await t.db.updateTable('colleges').set({ have_advertising: 0 }).where('id', '=', collegeId).execute()
    clearShortCaches(t.db)
    try {
      const { html, banner } = await pageBanner('/app/home')
      expect(banner).toBeUndefined()
      expect(html).not.toContain('/media/banners/')
    } finally {
      await t.db.updateTable('colleges').set({ have_advertising: 1 }).where('id', '=', collegeId).execute()
      clearShortCaches(t.db)
    }
  })
})
