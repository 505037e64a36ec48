// The deployment of deploy/: Debian's nginx with deploy/nginx.conf in front of two app servers on one
// PostgreSQL, each with its own data folder and both on one S3-compatible store (a local stand-in). A picture uploaded through either is served by both, a sign-in
// limit counts across both, a notification or message sent through one pokes a tab held through nginx, its push
// goes out once though both work jobs, and killing one server mid-load loses no acknowledged write
// while the other keeps answering.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { type BuiltClient, writeBuiltClient } from './helpers/built-client.ts'
import { pictureUpload } from './helpers/images.ts'
import { conversationInput } from './helpers/messenger.ts'
import { sendInput } from './helpers/notifications.ts'
import { postInput } from './helpers/posts.ts'
import { type S3StandIn, startS3StandIn } from './helpers/s3-stand-in.ts'
import { freePort, type ServerProcess, scratchDatabase, startServer } from './helpers/server-process.ts'

const NGINX = '/usr/sbin/nginx'
/** The per-address sign-in limit the README documents. */
const LOGIN_MAX_PER_EMAIL = 5

/** Stands in for a push service: counts what it is sent, and accepts it. */
async function startPushService() {
  const received: string[] = []
  const server = createHttpServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received.push(req.url ?? '')
      res.writeHead(201, { 'content-length': '0' }).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { origin: `http://127.0.0.1:${port}`, received, close: () => server.close() }
}

describe('two app servers behind nginx, one PostgreSQL', () => {
  let a: ServerProcess
  let b: ServerProcess
  let nginx: ChildProcess
  let front: string
  let runDir: string
  let dataDirs: string[]
  let store: S3StandIn
  let client: BuiltClient
  let dropDatabase: () => Promise<void>
  let pushService: Awaited<ReturnType<typeof startPushService>>

  beforeAll(async () => {
    if (spawnSync(NGINX, ['-v']).status !== 0)
      throw new Error(`${NGINX} is missing: apt-get install nginx-light (README, "Two commands")`)
    const database = await scratchDatabase('college_nginx')
    dropDatabase = database.drop
    // Each server a folder of its own: files are shared through the object store alone.
    dataDirs = [mkdtempSync(join(tmpdir(), 'college-a-')), mkdtempSync(join(tmpdir(), 'college-b-'))]
    client = writeBuiltClient()
    store = await startS3StandIn()
    const vapid = webpush.generateVAPIDKeys()
    const env = {
      DATABASE_URL: database.url,
      DIST_DIR: client.distDir,
      APP_KEY: randomBytes(32).toString('base64'),
      TRUST_PROXY: '1',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      S3_BUCKET: store.bucket,
      S3_ENDPOINT: store.endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: store.accessKeyId,
      S3_SECRET_ACCESS_KEY: store.secretAccessKey,
      // Pushes go to the stand-in below, a plain HTTP server on this machine.
      PUSH_ALLOW_HTTP: '1',
    }
    pushService = await startPushService()
    // The first seeds the demo; the second starts on what it made (deploy/README.md).
    a = await startServer({ ...env, DATA_DIR: dataDirs[0]! })
    b = await startServer({ ...env, DATA_DIR: dataDirs[1]!, SEED: '0' })

    runDir = mkdtempSync(join(tmpdir(), 'college-nginx-'))
    mkdirSync(join(runDir, 'logs'))
    const port = await freePort()
    front = `http://localhost:${port}`
    const conf = readFileSync('deploy/nginx.conf', 'utf8')
      .replace('127.0.0.1:3001', `127.0.0.1:${a.port}`)
      .replace('127.0.0.1:3002', `127.0.0.1:${b.port}`)
      .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    expect(conf).toContain(`127.0.0.1:${b.port}`)
    writeFileSync(join(runDir, 'nginx.conf'), conf)
    // As root (CI), its workers would otherwise run as nobody, who cannot write this temporary folder.
    const global = `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`
    nginx = spawn(NGINX, ['-p', runDir, '-c', join(runDir, 'nginx.conf'), '-g', global], { stdio: 'ignore' })
    const deadline = Date.now() + 10_000
    for (;;) {
      try {
        if ((await fetch(`${front}/manifest.webmanifest`)).ok) break
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(readFileSync(join(runDir, 'logs', 'error.log'), 'utf8'))
      await new Promise((r) => setTimeout(r, 100))
    }
  }, 120_000)

  afterAll(async () => {
    nginx?.kill('SIGQUIT')
    pushService?.close()
    await a?.stop()
    await b?.stop()
    await dropDatabase?.()
    client?.remove()
    await store?.close()
    for (const dir of [runDir, ...(dataDirs ?? [])]) if (dir) rmSync(dir, { recursive: true, force: true })
  }, 30_000)

  const login = async (origin: string, email: string, password = 'demo12345', ip = '198.51.100.7') =>
    fetch(`${origin}/api/login-mobile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    })
  const tokenOf = async (origin: string, email: string) => {
    const res = await login(origin, email)
    expect(res.status).toBe(200)
    return ((await res.json()) as { token: string }).token
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

  it('serves a picture uploaded through nginx from both servers, out of the object store', async () => {
    const admin = await tokenOf(front, 'admin@demo.test')
    const form = await pictureUpload(uuidv7())
    const res = await fetch(`${front}/api/v1/post-images`, {
      method: 'POST',
      headers: bearer(admin),
      body: form,
    })
    expect(res.status).toBe(201)
    const { url } = (await res.json()) as { url: string }
    const bytes = await Promise.all(
      [a, b, { origin: front }].map(async (server) => {
        const file = await fetch(`${server.origin}${url}`)
        expect(file.status, server.origin).toBe(200)
        return Buffer.from(await file.arrayBuffer()).toString('base64')
      }),
    )
    expect(new Set(bytes).size).toBe(1)
    expect([...store.objects.keys()].some((key) => url.endsWith(key.split('/').at(-1)!))).toBe(true)
  })

  it('counts wrong passwords across both servers toward one limit', async () => {
    for (let i = 0; i < LOGIN_MAX_PER_EMAIL; i++) {
      const res = await login(i % 2 ? a.origin : b.origin, 'company@demo.test', 'wrong-password')
      expect(res.status).toBe(400)
    }
    expect((await login(a.origin, 'company@demo.test')).status).toBe(429)
    expect((await login(b.origin, 'company@demo.test')).status).toBe(429)
  })

  it('pokes a tab held through nginx when a notification or a message is sent through either server', async () => {
    const guardian = await tokenOf(front, 'guardian@demo.test')
    const { id } = (await (await fetch(`${front}/api/v1/user`, { headers: bearer(guardian) })).json()) as {
      id: number
    }
    const stream = await fetch(`${front}/api/v1/live`, { headers: bearer(guardian) })
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
    expect((await reader.read()).value).toContain('event: ready')
    for (const server of [a, b]) {
      const admin = await tokenOf(server.origin, 'admin@demo.test')
      const sent = await fetch(`${server.origin}/api/v1/college-notifications`, {
        method: 'POST',
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        body: JSON.stringify(sendInput({ scope: 'users', users: [id] })),
      })
      expect(sent.status).toBe(201)
      // Unbuffered by nginx: the poke arrives while the stream is still open.
      expect((await reader.read()).value).toContain('event: poke')
    }
    for (const server of [a, b]) {
      const staff = await tokenOf(server.origin, 'staff@demo.test')
      const written = await fetch(`${server.origin}/api/v1/conversations`, {
        method: 'POST',
        headers: { ...bearer(staff), 'content-type': 'application/json' },
        body: JSON.stringify(conversationInput({ users: [id], body: `Through ${server.origin}` })),
      })
      expect(written.status).toBe(201)
      expect((await reader.read()).value).toContain('event: poke')
    }
    await reader.cancel()
  })

  it('delivers the push of each notification once, though both servers work jobs', async () => {
    const guardian = await tokenOf(front, 'guardian@demo.test')
    const admin = await tokenOf(front, 'admin@demo.test')
    const { id } = (await (await fetch(`${front}/api/v1/user`, { headers: bearer(guardian) })).json()) as {
      id: number
    }
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const subscribed = await fetch(`${front}/api/v1/push/subscriptions`, {
      method: 'POST',
      headers: { ...bearer(guardian), 'content-type': 'application/json' },
      body: JSON.stringify({
        endpoint: `${pushService.origin}/device-1`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      }),
    })
    expect(subscribed.status).toBeLessThan(300)
    const sends = 6
    for (let i = 0; i < sends; i++) {
      const sent = await fetch(`${front}/api/v1/college-notifications`, {
        method: 'POST',
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        body: JSON.stringify(sendInput({ title: `Aviso ${i}`, scope: 'users', users: [id] })),
      })
      expect(sent.status).toBe(201)
    }
    await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBe(sends)
    // Long enough for a second delivery of any of them to have happened.
    await new Promise((r) => setTimeout(r, 2000))
    expect(pushService.received).toHaveLength(sends)
  })

  it('loses no acknowledged write when a server is killed mid-load, and the other keeps answering', async () => {
    const staff = await tokenOf(front, 'staff@demo.test')
    const send = async (input: ReturnType<typeof postInput>) => {
      const res = await fetch(`${front}/api/v1/posts`, {
        method: 'POST',
        headers: { ...bearer(staff), 'content-type': 'application/json' },
        body: JSON.stringify(input),
      })
      await res.arrayBuffer()
      return res.status
    }
    const sent: { input: ReturnType<typeof postInput>; status: number }[] = []
    for (let i = 0; i < 40; i++) {
      if (i === 12) a.child.kill('SIGKILL')
      const input = postInput({ title: `Under load ${i}` })
      sent.push({ input, status: await send(input) })
    }
    // A write nginx had already handed to the dead server's kept connection is answered with a
    // gateway error (nginx never repeats a write on its own); the next ones go to the other server.
    const failed = sent.filter((x) => x.status !== 201)
    for (const x of failed) expect(x.status).toBe(502)
    expect(failed.length).toBeLessThanOrEqual(4)
    expect(sent.slice(-20).every((x) => x.status === 201)).toBe(true)
    // The app's outbox sends a failed write again with the same id: stored once.
    for (const x of failed) expect(await send(x.input)).toBe(201)
    const list = await fetch(`${front}/api/v1/posts?limit=100`, { headers: bearer(staff) })
    const titles = ((await list.json()) as { data: { title: string }[] }).data.map((p) => p.title)
    const wanted = sent.map((x) => x.input.title!).sort()
    expect(titles.filter((title) => title.startsWith('Under load ')).sort()).toEqual(wanted)
  })
})
