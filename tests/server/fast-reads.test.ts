// The hottest reads are answered by plain node:http when the college and session are already kept
// (platform/fast-reads.ts); the server's listener must answer exactly as Hono alone does, header for
// header, and hand everything it cannot answer so to Hono.
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedRead } from '#server/features/posts/post-feed.ts'
import { syncRead } from '#server/features/sync/sync-answer.ts'
import type { FastRead } from '#server/platform/fast-reads.ts'
import type { SyncResponse } from '#shared/sync.ts'
import {
  bearer,
  fastReadServers,
  get,
  type Pair,
  expectSameAnswer as sameAnswer,
} from './helpers/fast-read-pair.ts'
import { createPost } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let main: Pair
const servers = fastReadServers()

const expectSameAnswer = (path: string, headers: Record<string, string> = {}, pair: Pair = main) =>
  sameAnswer(pair, path, headers)

const countingHandOver = (read: FastRead, app = t, path = '/api/v1/user') =>
  servers.countingHandOver(read, app, path)

beforeAll(async () => {
  t = await createTestApp()
  main = await servers.pairOf(t)
})
afterAll(async () => {
  await servers.close()
  await t.close()
})

describe('GET /api/v1/user through the server', () => {
  it('answers a kept session as Hono does, and the second time without Hono', async () => {
    const token = await t.login('guardian@demo.test')
    const counted = await countingHandOver(({ auth }) => ({ id: auth.user.id, email: auth.user.email }))
    const first = await get(counted.port, '/api/v1/user', bearer(token))
    expect(first.status).toBe(200)
    expect(counted.handed()).toBe(1)
    const second = await get(counted.port, '/api/v1/user', bearer(token))
    expect(JSON.parse(second.body)).toEqual({ id: expect.any(Number), email: 'guardian@demo.test' })
    expect(counted.handed()).toBe(1)

    const answer = await expectSameAnswer('/api/v1/user', bearer(token))
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ email: 'guardian@demo.test', role: 'guardian' })
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'")
  })

  it('answers requests it cannot serve from what is kept exactly as Hono does', async () => {
    const token = await t.login('staff@demo.test')
    await get(main.fast, '/api/v1/user', bearer(token))
    expect((await expectSameAnswer('/api/v1/user')).status).toBe(401)
    expect((await expectSameAnswer('/api/v1/user', bearer('not-a-token'))).status).toBe(401)
    expect((await expectSameAnswer('/api/v1/user', { ...bearer(token), host: 'nowhere.test' })).status).toBe(
      404,
    )
    expect((await expectSameAnswer('/api/v1/user?fields=all', bearer(token))).status).toBe(200)
    // The platform owner's session is not a college's: the listener never keeps nor answers it.
    const owner = await t.login('root@platform.test')
    await get(main.fast, '/api/v1/user', bearer(owner))
    expect((await expectSameAnswer('/api/v1/user', bearer(owner))).status).toBe(200)
    // Without TRUST_PROXY the proxy's header names nothing.
    expect(
      (await expectSameAnswer('/api/v1/user', { ...bearer(token), 'x-forwarded-host': 'beta.localhost' }))
        .status,
    ).toBe(200)
    // The demo's second college does not know the first one's token.
    expect(
      (await expectSameAnswer('/api/v1/user', { ...bearer(token), host: 'beta.localhost' })).status,
    ).toBe(401)
  })

  it('stops answering a session the moment it is signed out', async () => {
    const token = await t.login('admin@demo.test')
    expect((await get(main.fast, '/api/v1/user', bearer(token))).status).toBe(200)
    expect((await get(main.fast, '/api/v1/user', bearer(token))).status).toBe(200)
    const out = await t.request('POST', '/api/logout-mobile', { token })
    expect(out.status).toBe(200)
    expect((await expectSameAnswer('/api/v1/user', bearer(token))).status).toBe(401)
  })

  it("answers a suspended college's people as Hono does", async () => {
    const token = await t.login('guardian@demo.test')
    expect((await get(main.fast, '/api/v1/user', bearer(token))).status).toBe(200)
    await t.db
      .updateTable('colleges')
      .set({ suspended_at: new Date().toISOString() })
      .where('name', '=', 'Colegio Demo')
      .execute()
    try {
      // Hono keeps the suspended college and the session again; the listener must not answer from them.
      await get(main.fast, '/api/v1/user', bearer(token))
      const answer = await expectSameAnswer('/api/v1/user', bearer(token))
      expect(answer.status).toBe(403)
      expect(JSON.parse(answer.body)).toMatchObject({ suspended: true })
    } finally {
      await t.db
        .updateTable('colleges')
        .set({ suspended_at: null })
        .where('name', '=', 'Colegio Demo')
        .execute()
    }
  })

  it('compresses an answer worth compressing as Hono would, where the browser takes it', async () => {
    const token = await t.login('guardian@demo.test')
    const { port, handed } = await countingHandOver(() => ({ long: 'x'.repeat(2_000) }))
    await get(port, '/api/v1/user', bearer(token))
    expect(handed()).toBe(1)
    const plain = await get(port, '/api/v1/user', bearer(token))
    expect(JSON.parse(plain.body).long).toHaveLength(2_000)
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(plain.body)))
    const packed = await get(port, '/api/v1/user', { ...bearer(token), 'accept-encoding': 'gzip' })
    expect(handed()).toBe(1)
    expect(packed.headers['content-encoding']).toBe('gzip')
    const bytes = Buffer.from(packed.body, 'base64')
    expect(packed.headers['content-length']).toBe(String(bytes.byteLength))
    expect(JSON.parse(gunzipSync(bytes).toString('utf8')).long).toHaveLength(2_000)
  })

  it('hands a read that fails, or declines, to Hono, which answers it', async () => {
    const token = await t.login('guardian@demo.test')
    const failing = await countingHandOver(() => Promise.reject(new Error('the database went away')))
    await get(failing.port, '/api/v1/user', bearer(token))
    const answer = await get(failing.port, '/api/v1/user', bearer(token))
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ email: 'guardian@demo.test' })
    expect(failing.handed()).toBe(2)
    const declining = await countingHandOver(async () => undefined)
    await get(declining.port, '/api/v1/user', bearer(token))
    expect((await get(declining.port, '/api/v1/user', bearer(token))).status).toBe(200)
    expect(declining.handed()).toBe(2)
  })
})

describe('GET /api/v1/posts (the feed) through the server', () => {
  beforeAll(async () => {
    // Enough news for a page worth compressing, for the whole college, in one category.
    const staff = await t.login('staff@demo.test')
    const category = await t.db.selectFrom('post_categories').select('id').executeTakeFirstOrThrow()
    for (let i = 0; i < 4; i++) {
      await createPost(t, staff, {
        title: `Noticia ${i}`,
        content: `<p>${'Reunión de apoderados el jueves. '.repeat(20)}</p>`,
        grades: ['all'],
        courses: ['all'],
        category_id: i % 2 ? category.id : null,
      })
    }
  })

  it('answers every reader, page and filter as Hono does, compressed alike', async () => {
    const category = await t.db.selectFrom('post_categories').select('id').executeTakeFirstOrThrow()
    for (const email of ['guardian@demo.test', 'student@demo.test', 'staff@demo.test', 'admin@demo.test']) {
      const token = bearer(await t.login(email))
      // The first request keeps the session; the rest are answered by the listener itself.
      await get(main.fast, '/api/v1/posts', token)
      const first = await expectSameAnswer('/api/v1/posts?limit=1', token)
      expect(first.status).toBe(200)
      const page = JSON.parse(first.body) as { data: { id: string }[]; next_cursor: string | null }
      expect(page.data.length).toBeGreaterThan(0)
      expect(page.next_cursor).not.toBeNull()
      const counted = await countingHandOver(feedRead, t, '/api/v1/posts')
      const byListener = await get(counted.port, '/api/v1/posts?limit=1', token)
      expect(byListener.body).toBe(first.body)
      expect(counted.handed()).toBe(0)
      const next = await expectSameAnswer(`/api/v1/posts?limit=1&cursor=${page.next_cursor}`, token)
      expect(JSON.parse(next.body).data[0].id).not.toBe(page.data[0]!.id)
      await expectSameAnswer(`/api/v1/posts?category_id=${category.id}`, token)
      for (const encoding of ['gzip', 'br', 'zstd', 'gzip, deflate, br, zstd']) {
        const packed = await expectSameAnswer('/api/v1/posts', { ...token, 'accept-encoding': encoding })
        expect(packed.headers['content-encoding']).toBeDefined()
      }
    }
  })

  it('leaves a query it would refuse, or could read otherwise, to Hono', async () => {
    const token = bearer(await t.login('guardian@demo.test'))
    await get(main.fast, '/api/v1/posts', token)
    expect((await expectSameAnswer('/api/v1/posts?limit=abc', token)).status).toBe(422)
    expect((await expectSameAnswer('/api/v1/posts?category_id=x1', token)).status).toBe(422)
    expect((await expectSameAnswer('/api/v1/posts?cursor=%01', token)).status).toBe(422)
    // Hono keeps the first of a field given twice, and drops a field without a name.
    const twice = await expectSameAnswer('/api/v1/posts?limit=1&limit=3', token)
    expect(JSON.parse(twice.body).data).toHaveLength(1)
    expect((await expectSameAnswer('/api/v1/posts?=5&limit=1', token)).status).toBe(200)
    expect((await expectSameAnswer('/api/v1/posts?limit=1&unknown=yes', token)).status).toBe(200)
    expect((await expectSameAnswer('/api/v1/posts', bearer('not-a-token'))).status).toBe(401)
  })
})

describe('GET /api/v1/sync through the server', () => {
  const pull = async (query: string, token: Record<string, string>) => {
    const answer = await expectSameAnswer(`/api/v1/sync?${query}`, token)
    expect(answer.status).toBe(200)
    return JSON.parse(answer.body) as SyncResponse
  }

  it('answers a first sync to its end, a catch-up and a reset as Hono does, compressed alike', async () => {
    const admin = await t.login('admin@demo.test')
    for (const email of ['guardian@demo.test', 'staff@demo.test']) {
      const token = bearer(await t.login(email))
      await get(main.fast, '/api/v1/sync', token)
      const counted = await countingHandOver(syncRead, t, '/api/v1/sync')
      const first = await expectSameAnswer('/api/v1/sync?limit=5', token)
      expect((await get(counted.port, '/api/v1/sync?limit=5', token)).body).toBe(first.body)
      expect(counted.handed()).toBe(0)
      let page = JSON.parse(first.body) as SyncResponse
      expect(page.changes).toHaveLength(5)
      while (page.hasMore) page = await pull(`limit=50&since=${encodeURIComponent(page.cursor)}`, token)
      const since = `since=${encodeURIComponent(page.cursor)}`
      expect((await pull(since, token)).changes).toEqual([])
      const made = await t.request('POST', '/api/v1/post-categories', {
        token: admin,
        json: { name: `Talleres ${email}` },
      })
      expect(made.status).toBe(201)
      const caught = await pull(since, token)
      expect(caught.changes).toMatchObject([{ collection: 'post_categories', op: 'put' }])
      for (const encoding of ['gzip', 'br', 'zstd']) {
        const packed = await expectSameAnswer('/api/v1/sync', { ...token, 'accept-encoding': encoding })
        expect(packed.headers['content-encoding']).toBe(encoding)
      }
    }
    // Another person's cursor: the client is told to start over.
    const guardian = bearer(await t.login('guardian@demo.test'))
    const staffs = await pull('limit=5', bearer(await t.login('staff@demo.test')))
    expect(await pull(`since=${encodeURIComponent(staffs.cursor)}`, guardian)).toMatchObject({ reset: true })
  })

  it("leaves a query it would refuse, and the platform's own people, to Hono", async () => {
    const token = bearer(await t.login('guardian@demo.test'))
    await get(main.fast, '/api/v1/sync', token)
    for (const query of ['limit=abc', 'limit=0', 'since=%01', `since=${'x'.repeat(201)}`])
      expect((await expectSameAnswer(`/api/v1/sync?${query}`, token)).status).toBe(422)
    expect((await expectSameAnswer('/api/v1/sync', bearer('not-a-token'))).status).toBe(401)
    const owner = bearer(await t.login('root@platform.test'))
    await get(main.fast, '/api/v1/sync', owner)
    expect((await expectSameAnswer('/api/v1/sync', owner)).status).toBe(403)
  })
})

describe('GET /api/v1/user behind a trusted proxy (TRUST_PROXY)', () => {
  let proxied: Pair
  beforeAll(async () => {
    proxied = await servers.pairOf(await createTestApp({ trustProxy: true }))
  })
  afterAll(async () => {
    await proxied.app.close()
  })

  it("finds the college by the proxy's X-Forwarded-Host, as Hono does", async () => {
    const token = await proxied.app.login('guardian@demo.test')
    const viaProxy = { ...bearer(token), host: 'internal:3000', 'x-forwarded-host': 'localhost' }
    const counted = await countingHandOver(() => ({ served: 'fast' }), proxied.app)
    await get(counted.port, '/api/v1/user', viaProxy)
    expect(JSON.parse((await get(counted.port, '/api/v1/user', viaProxy)).body)).toEqual({ served: 'fast' })
    expect(counted.handed()).toBe(1)
    expect((await expectSameAnswer('/api/v1/user', viaProxy, proxied)).status).toBe(200)
    const elsewhere = { ...viaProxy, 'x-forwarded-host': 'beta.localhost' }
    expect((await expectSameAnswer('/api/v1/user', elsewhere, proxied)).status).toBe(401)
  })
})
