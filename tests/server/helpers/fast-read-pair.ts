// One test app served twice, by the server's own listener (fast reads first, platform/fast-reads.ts)
// and by Hono alone, to show that both give the same answer, header for header.
import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { expect } from 'vitest'
import { createRequestListener } from '#server/app.ts'
import { type FastRead, withFastReads } from '#server/platform/fast-reads.ts'
import type { TestApp } from './test-app.ts'

export type Answer = { status: number; headers: Record<string, string>; body: string }

/** One test app served twice: by the server's own listener, and by Hono alone. */
export type Pair = { app: TestApp; fast: number; honoOnly: number }

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host: 'localhost', ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const { date: _date, ...rest } = res.headers as Record<string, string>
          const bytes = Buffer.concat(chunks)
          // A compressed answer is compared byte for byte (the same level gives the same bytes).
          const body = rest['content-encoding'] ? bytes.toString('base64') : bytes.toString('utf8')
          resolve({ status: res.statusCode ?? 0, headers: rest, body })
        })
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** The same request through the server's listener and through Hono alone: the same answer but for its id. */
export async function expectSameAnswer(
  { fast, honoOnly }: Pair,
  path: string,
  headers: Record<string, string> = {},
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

const depsOf = (app: TestApp) => ({
  db: app.db,
  dialect: app.dialect,
  config: app.config,
  storage: app.storage,
})

/** Listeners on ports of their own, all closed by `close`. */
export function fastReadServers() {
  const servers: Server[] = []

  async function listen(listener: RequestListener): Promise<number> {
    const server = createServer(listener)
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (server.address() as AddressInfo).port
  }

  return {
    listen,
    async pairOf(app: TestApp): Promise<Pair> {
      return {
        app,
        fast: await listen(createRequestListener(depsOf(app))),
        honoOnly: await listen(getRequestListener(app.app.fetch)),
      }
    },
    /** A listener with `read` as the fast read of `path`, counting the requests it hands over to Hono. */
    async countingHandOver(read: FastRead, app: TestApp, path = '/api/v1/user') {
      let handed = 0
      const port = await listen(
        withFastReads(depsOf(app), { [path]: read }, (req, res) => {
          handed++
          getRequestListener(app.app.fetch)(req, res)
        }),
      )
      return { port, handed: () => handed }
    },
    close: () => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))),
  }
}

/** Every page of `path` (a query without a cursor), two at a time, through both listeners: the ids in order. */
export async function walkPages(
  pair: Pair,
  path: string,
  token: Record<string, string>,
): Promise<(string | number)[]> {
  const ids: (string | number)[] = []
  let next: string | null = null
  do {
    const mark = path.includes('?') ? '&' : '?'
    const answer = await expectSameAnswer(
      pair,
      `${path}${mark}limit=2${next ? `&cursor=${next}` : ''}`,
      token,
    )
    expect(answer.status).toBe(200)
    const page = JSON.parse(answer.body) as { data: { id: string | number }[]; next_cursor: string | null }
    ids.push(...page.data.map((item) => item.id))
    next = page.next_cursor
  } while (next)
  return ids
}
