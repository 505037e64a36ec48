// The hottest reads are answered by plain node:http when the college and session are already kept
// (platform/fast-reads.ts); the server's listener must answer exactly as Hono alone does, header for
// header, and hand everything it cannot answer so to Hono.
import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRequestListener } from '#server/app.ts'
import { type FastRead, withFastReads } from '#server/platform/fast-reads.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

type Answer = { status: number; headers: Record<string, string>; body: string }

/** One test app served twice: by the server's own listener, and by Hono alone. */
type Pair = { app: TestApp; fast: number; honoOnly: number }

let t: TestApp
let main: Pair
const servers: Server[] = []

async function listen(listener: RequestListener): Promise<number> {
  const server = createServer(listener)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host: 'localhost', ...headers } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          body += chunk
        })
        res.on('end', () => {
          const { date: _date, ...rest } = res.headers as Record<string, string>
          resolve({ status: res.statusCode ?? 0, headers: rest, body })
        })
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** The same request through the server's listener and through Hono alone: the same answer but for its id. */
async function expectSameAnswer(
  path: string,
  headers: Record<string, string> = {},
  { fast, honoOnly }: Pair = main,
): Promise<Answer> {
  const [a, b] = [await get(fast, path, headers), await get(honoOnly, path, headers)]
  expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
  const withoutId = ({ headers: { 'x-request-id': _id, ...rest }, ...answer }: Answer) => ({
    ...answer,
    headers: rest,
  })
  expect(withoutId(a)).toEqual(withoutId(b))
  return a
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

const depsOf = (app: TestApp) => ({
  db: app.db,
  dialect: app.dialect,
  config: app.config,
  storage: app.storage,
})

async function pairOf(app: TestApp): Promise<Pair> {
  return {
    app,
    fast: await listen(createRequestListener(depsOf(app))),
    honoOnly: await listen(getRequestListener(app.app.fetch)),
  }
}

/** A listener with `read` as `/api/v1/user`'s fast read, counting the requests it hands over to Hono. */
async function countingHandOver(read: FastRead, app = t) {
  let handed = 0
  const port = await listen(
    withFastReads(depsOf(app), { '/api/v1/user': read }, (req, res) => {
      handed++
      getRequestListener(app.app.fetch)(req, res)
    }),
  )
  return { port, handed: () => handed }
}

beforeAll(async () => {
  t = await createTestApp()
  main = await pairOf(t)
})
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
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

  it('leaves an answer worth compressing to Hono when the browser takes a compressed one', async () => {
    const token = await t.login('guardian@demo.test')
    const { port, handed } = await countingHandOver(() => ({ long: 'x'.repeat(2_000) }))
    await get(port, '/api/v1/user', bearer(token))
    expect(handed()).toBe(1)
    const plain = await get(port, '/api/v1/user', bearer(token))
    expect(handed()).toBe(1)
    expect(JSON.parse(plain.body).long).toHaveLength(2_000)
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(plain.body)))
    // Hono (here the real route, whose answer is short) answers the request that takes gzip.
    await get(port, '/api/v1/user', { ...bearer(token), 'accept-encoding': 'gzip' })
    expect(handed()).toBe(2)
  })
})

describe('GET /api/v1/user behind a trusted proxy (TRUST_PROXY)', () => {
  let proxied: Pair
  beforeAll(async () => {
    proxied = await pairOf(await createTestApp({ trustProxy: true }))
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
