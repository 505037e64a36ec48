// WEB_CONCURRENCY=2: the real server (`src/server/main.ts`) in two processes on one port. Whichever
// process a request reaches: a sign-out is refused by both at once, a notification pokes the open tabs
// held by either, and writes made at the same time through both all land (on SQLite, two processes
// writing one file).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltClient, writeBuiltClient } from './helpers/built-client.ts'
import { sendInput } from './helpers/notifications.ts'
import { postInput } from './helpers/posts.ts'
import { type ServerProcess, scratchDatabase, startServer } from './helpers/server-process.ts'

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'

describe(`two processes on one port (${dialect})`, () => {
  let server: ServerProcess
  let origin: string
  let dataDir: string
  let client: BuiltClient
  let dropDatabase: (() => Promise<void>) | undefined

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'college-cluster-'))
    client = writeBuiltClient()
    let databaseUrl = ''
    if (dialect === 'postgres') {
      const database = await scratchDatabase('college_cluster')
      databaseUrl = database.url
      dropDatabase = database.drop
    }
    // The first process prints its banner once both workers listen.
    server = await startServer(
      { DATA_DIR: dataDir, DIST_DIR: client.distDir, DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '2' },
      '2 processes',
    )
    origin = server.origin
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await dropDatabase?.()
    client.remove()
    rmSync(dataDir, { recursive: true, force: true })
  }, 30_000)

  const login = async (email: string) => {
    const res = await fetch(`${origin}/api/login-mobile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo12345' }),
    })
    expect(res.status).toBe(200)
    return ((await res.json()) as { token: string }).token
  }
  const get = (path: string, token: string) =>
    fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } })
  const statuses = async (count: number, token: string) =>
    Promise.all(
      Array.from({ length: count }, async () => {
        const res = await get('/api/v1/user', token)
        await res.arrayBuffer()
        return res.status
      }),
    )

  it('refuses a token on every process as soon as its person signs out', async () => {
    // Several rounds: the other process hearing of the sign-out a moment late lost only some of them.
    for (let round = 0; round < 5; round++) {
      const token = await login('guardian@demo.test')
      // Enough requests that both processes have signed this token in (and kept it).
      expect(new Set(await statuses(20, token))).toEqual(new Set([200]))
      const out = await fetch(`${origin}/api/logout-mobile`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(out.status).toBe(200)
      expect(new Set(await statuses(20, token))).toEqual(new Set([401]))
    }
  })

  it('a notification pokes the open tabs held by either process', async () => {
    const guardian = await login('guardian@demo.test')
    const admin = await login('admin@demo.test')
    const { id: guardianId } = (await (await get('/api/v1/user', guardian)).json()) as { id: number }
    // Four tabs: connections are handed to the two processes in turn.
    const readers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const res = await get('/api/v1/live', guardian)
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
        expect((await reader.read()).value).toContain('event: ready')
        return reader
      }),
    )
    const res = await fetch(`${origin}/api/v1/college-notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(sendInput({ scope: 'users', users: [guardianId] })),
    })
    expect(res.status).toBe(201)
    const pokes = await Promise.all(readers.map(async (reader) => (await reader.read()).value))
    for (const poke of pokes) expect(poke).toContain('event: poke')
    await Promise.all(readers.map((reader) => reader.cancel()))
  })

  it('writes made at once through both processes all land, once each', async () => {
    const staff = await login('staff@demo.test')
    const inputs = Array.from({ length: 24 }, (_, i) => postInput({ title: `Concurrent ${i}` }))
    const answers = await Promise.all(
      inputs.map((input) =>
        fetch(`${origin}/api/v1/posts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
          body: JSON.stringify(input),
        }).then(async (r) => ({ status: r.status, text: await r.text() })),
      ),
    )
    for (const answer of answers) expect(answer.status, answer.text).toBe(201)
    const list = await get('/api/v1/posts?limit=100', staff)
    const titles = ((await list.json()) as { data: { title: string }[] }).data.map((p) => p.title)
    expect(titles.filter((title) => title.startsWith('Concurrent ')).sort()).toEqual(
      inputs.map((input) => input.title).sort(),
    )
  })
})
