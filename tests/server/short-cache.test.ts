// A host's college and a token's user are kept a few seconds (platform/short-cache.ts): a signed-in
// read then runs only its own statements, and a write to what they are read from makes the next
// request read them afresh, so a sign-out, a deactivation or a college's suspension take effect at
// once; a post or a message leaves them kept.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PoolReader } from '#server/db/pg-read-now.ts'
import { CountedSqliteDialect } from '#server/db/sqlite-read-now.ts'
import {
  clearShortCaches,
  onShortCachesCleared,
  SHORT_CACHE_MS,
  shortCache,
} from '#server/platform/short-cache.ts'
import { COLLEGE_PERMISSIONS } from '#shared/roles.schema.ts'
import { body } from './helpers/http.ts'
import { addUserLike, enrol, linkGuardian } from './helpers/people.ts'
import { createPost, demoIds } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** The SQL texts a request sends, through Kysely or read straight (db/read-now.ts). */
async function sqlTextsOf(send: () => Promise<Response>): Promise<{ res: Response; texts: string[] }> {
  const kysely = vi.spyOn(t.db.getExecutor(), 'executeQuery')
  const straight = [
    vi.spyOn(CountedSqliteDialect.prototype, 'readNow'),
    vi.spyOn(PoolReader.prototype, 'readNow'),
  ]
  const res = await send()
  const texts = [
    ...kysely.mock.calls.map(([query]) => query.sql),
    // Those read straight (an answer); the others went Kysely's way and are counted there.
    ...straight.flatMap((now) =>
      now.mock.calls.filter((_, i) => now.mock.results[i]?.value !== undefined).map(([sql]) => sql),
    ),
  ]
  kysely.mockRestore()
  for (const now of straight) now.mockRestore()
  return { res, texts }
}

/** How many statements one request sends to the database. */
async function statementsOf(send: () => Promise<Response>): Promise<{ res: Response; count: number }> {
  const { res, texts } = await sqlTextsOf(send)
  return { res, count: texts.length }
}

describe('signed-in reads', () => {
  it('read the college, the token and the permissions once, not on every request', async () => {
    const token = await t.login('guardian@demo.test')
    const user = () => t.request('GET', '/api/v1/user', { token })
    const first = await statementsOf(user)
    expect(first.res.status).toBe(200)
    const second = await statementsOf(user)
    expect(second.res.status).toBe(200)
    expect(await body(second.res)).toEqual(await body(first.res))
    // The first request looked up the college by host, the token (with its user) and the role's
    // permissions; the second found all three kept.
    expect(first.count - second.count).toBe(3)
  })

  it('are read afresh once they are older than a few seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const token = await t.login('staff@demo.test')
    const user = () => t.request('GET', '/api/v1/user', { token })
    await user()
    const kept = await statementsOf(user)
    vi.setSystemTime(Date.now() + SHORT_CACHE_MS + 1)
    const fresh = await statementsOf(user)
    expect(fresh.count).toBe(kept.count + 3)
  })
})

describe('a write takes effect at once', () => {
  it('signing out refuses the token on the very next request', async () => {
    const token = await t.login('staff@demo.test')
    expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(200)
    expect((await t.request('POST', '/api/logout-mobile', { token })).status).toBe(200)
    expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(401)
  })

  it("the sign-out's answer leaves only once the other servers have been told", async () => {
    const token = await t.login('staff@demo.test')
    let told: () => void = () => undefined
    const events: string[] = []
    const stop = onShortCachesCleared(() => {
      events.push('announced')
      return new Promise<void>((resolve) => {
        told = () => {
          events.push('told')
          resolve()
        }
      })
    })
    try {
      const answer = t.request('POST', '/api/logout-mobile', { token }).then((res) => {
        events.push(`answered ${res.status}`)
      })
      await expect.poll(() => events).toEqual(['announced'])
      // Another server still keeping the token must hear first, or it would accept it a moment more.
      await new Promise((r) => setTimeout(r, 50))
      expect(events).toEqual(['announced'])
      told()
      await answer
      expect(events).toEqual(['announced', 'told', 'answered 200'])
    } finally {
      stop()
    }
  })

  it('a person the administrator deactivates is signed out at once', async () => {
    const admin = await t.login('admin@demo.test')
    const id = await addUserLike(t, 'staff@demo.test', 'cache-teacher@demo.test', 'Teacher Cache')
    const token = await t.login('cache-teacher@demo.test')
    expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(200)
    const res = await t.request('POST', `/api/v1/users/${id}/deactivate`, { token: admin })
    expect(res.status).toBeLessThan(300)
    expect((await t.request('GET', '/api/v1/user', { token })).status).toBe(401)
  })

  it('writing a post keeps them; editing a role empties them', async () => {
    const admin = await t.login('admin@demo.test')
    const staff = await t.login('staff@demo.test')
    const user = () => t.request('GET', '/api/v1/user', { token: staff })
    await user()
    await createPost(t, staff, { title: 'Nada que ver con sesiones' })
    const afterPost = await statementsOf(user)
    expect(afterPost.res.status).toBe(200)
    const kept = afterPost.count

    const roles = await body<{ data: { id: number; key: string; name: string; permissions: string[] }[] }>(
      await t.request('GET', '/api/v1/roles', { token: admin }),
    )
    const staffRole = roles.data.find((role) => role.key === 'staff')!
    const edited = await t.request('PUT', `/api/v1/roles/${staffRole.id}`, {
      token: admin,
      json: {
        name: staffRole.name,
        permissions: [
          ...staffRole.permissions,
          COLLEGE_PERMISSIONS.find((p) => !staffRole.permissions.includes(p)),
        ],
      },
    })
    expect(edited.status).toBe(200)
    const afterRole = await statementsOf(user)
    expect(afterRole.count).toBe(kept + 3)
  })

  it('a read that was under way when a write ended is not kept', async () => {
    const cache = shortCache<string>(t.db, 'test-race')
    let finish: (v: string) => void = () => undefined
    const reading = cache.get('k', () => new Promise((resolve) => (finish = resolve)))
    // The write ends while the read waits on the database: what it read may be stale.
    clearShortCaches(t.db)
    finish('before the write')
    expect(await reading).toBe('before the write')
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write')
    // Kept from now on, until the next write.
    expect(await cache.get('k', async () => 'not asked')).toBe('after the write')
  })

  it('one read answers those who ask while it is under way', async () => {
    const cache = shortCache<string>(t.db, 'test-together')
    let loads = 0
    let finish: (v: string) => void = () => undefined
    const answer = new Promise<string>((resolve) => (finish = resolve))
    const load = () => {
      loads++
      return answer
    }
    const first = cache.get('k', load)
    const second = cache.get('k', load)
    finish('read once')
    expect(await Promise.all([first, second])).toEqual(['read once', 'read once'])
    expect(loads).toBe(1)
  })

  it('who asks after a write ended reads afresh, even while an older read is under way', async () => {
    const cache = shortCache<string>(t.db, 'test-after-write')
    let finishOld: (v: string) => void = () => undefined
    const old = cache.get('k', () => new Promise((resolve) => (finishOld = resolve)))
    clearShortCaches(t.db)
    const fresh = cache.get('k', async () => 'after the write')
    finishOld('before the write')
    expect(await old).toBe('before the write')
    expect(await fresh).toBe('after the write')
  })
})

describe("a family's students and courses", () => {
  it('are read once for a feed, and a new child is seen at once, even when written outside a request', async () => {
    const ids = await demoIds(t)
    const staff = await t.login('staff@demo.test')
    const title = 'Solo para 2° Básico A'
    await createPost(t, staff, { title, grades: [ids.grade2], courses: [ids.course2A] })
    const parentId = await addUserLike(t, 'guardian@demo.test', 'cache-parent@demo.test', 'Paula Caché')
    const kid = await addUserLike(t, 'student@demo.test', 'cache-kid@demo.test', 'Kiko Caché')
    await enrol(t, kid, ids.course2A)
    const parent = await t.login('cache-parent@demo.test')
    const feed = () => t.request('GET', '/api/v1/posts?limit=50', { token: parent })
    const titles = async (res: Response) =>
      (await body<{ data: { title: string }[] }>(res)).data.map((p) => p.title)

    const first = await statementsOf(feed)
    expect(await titles(first.res)).not.toContain(title)
    const second = await statementsOf(feed)
    // Kept: the college, the token, the permissions, and the family's students and their courses.
    expect(first.count - second.count).toBe(5)

    // Straight in the database, as an import job or a script would: no request ends to empty the caches.
    await linkGuardian(t, parentId, kid)
    expect(await titles((await statementsOf(feed)).res)).toContain(title)
  })
})

describe("a family's sync page", () => {
  it("takes the college and the family's students from what the request keeps, not from the database", async () => {
    const guardian = await t.login('guardian@demo.test')
    const page = () => t.request('GET', '/api/v1/sync?limit=500', { token: guardian })
    await page()
    const { res, texts: sqlTexts } = await sqlTextsOf(page)
    expect(res.status).toBe(200)
    const changes = (await body<{ changes: { collection: string; data?: { currency?: string } }[] }>(res))
      .changes
    // The demo college accepts advertising and mirrors its fees in its own currency.
    expect(changes.some((c) => c.collection === 'pymes')).toBe(true)
    expect(changes.find((c) => c.collection === 'fees')?.data?.currency).toBe('CLP')
    expect(sqlTexts.length).toBeGreaterThan(10)
    expect(sqlTexts.filter((text) => /from "colleges"/.test(text))).toEqual([])
    // Fees, posts, events and documents all ask whose guardian the person is: the kept family answers.
    expect(sqlTexts.filter((text) => /from "guardianships"/.test(text))).toEqual([])
  })
})
