// Answers are compressed as the browser asks: Zstandard, Brotli or gzip for text over 1 KB, built files
// from the copies the build compressed, nothing for small answers, empty ones or a browser that asks for none.
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { get as httpGet, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib'
import { createAdaptorServer } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compress, preferredEncoding } from '#server/platform/compression.ts'
import { precompressDir } from '../../scripts/precompress.ts'
import { type BuiltClient, writeBuiltClient } from './helpers/built-client.ts'
import { EN } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let client: BuiltClient
let token: string
/** A built chunk big enough to be worth compressing. */
const BIG_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `palabra ${i}`))}\n`

beforeAll(async () => {
  client = writeBuiltClient()
  writeFileSync(join(client.distDir, 'assets', 'big-abc.js'), BIG_JS)
  // The build's Brotli copy; its text differs on purpose, to prove it is the file that is sent.
  writeFileSync(join(client.distDir, 'assets', 'big-abc.js.br'), brotliCompressSync('/* from the build */'))
  t = await createTestApp({ distDir: client.distDir })
  token = await t.login('guardian@demo.test')
})
afterAll(async () => {
  await t.close()
  client.remove()
})

const get = (path: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  t.request('GET', path, {
    token,
    headers: {
      ...EN,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      ...extra,
    },
  })

async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer())
  const encoding = res.headers.get('content-encoding')
  if (encoding === 'zstd') return zstdDecompressSync(bytes).toString('utf8')
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8')
  return bytes.toString('utf8')
}

describe('API answers', () => {
  it('a large JSON answer comes in Zstandard, Brotli or gzip, as asked, and decodes to the same answer', async () => {
    const plain = await get('/api/v1/sync?limit=200')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const text = await plain.text()
    expect(text.length).toBeGreaterThan(5_000)

    for (const [asked, answered] of [
      ['gzip, deflate, br, zstd', 'zstd'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const res = await get('/api/v1/sync?limit=200', asked)
      expect(res.status, asked).toBe(200)
      expect(res.headers.get('content-encoding'), asked).toBe(answered)
      expect(res.headers.get('vary'), asked).toContain('Accept-Encoding')
      const bytes = Number(res.headers.get('content-length'))
      expect(bytes, asked).toBeLessThan(text.length / 3)
      expect(JSON.parse(await decoded(res)), asked).toEqual(JSON.parse(text))
    }
  })

  it('nothing is compressed for a browser that takes no encoding we speak, or refuses them', async () => {
    for (const asked of ['identity', 'deflate', 'br;q=0, gzip;q=0', '']) {
      const res = await get('/api/v1/sync?limit=200', asked)
      expect(res.headers.get('content-encoding'), asked).toBeNull()
      expect(res.headers.get('vary'), asked).toContain('Accept-Encoding')
    }
  })

  it('a small answer (under 1 KB) is sent as it is', async () => {
    const res = await get('/api/v1/calendar-feed', 'br')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.json()).toEqual({ feed: null })
  })

  it('an error answer is compressed like any other, and keeps its status', async () => {
    const res = await get('/api/v1/events?from=nonsense', 'gzip')
    expect(res.status).toBe(422)
    // Short: sent as it is, still a readable error.
    expect(JSON.parse(await decoded(res)).errors.from).toEqual(['Please enter a valid date'])
  })

  it('a 304 stays empty, with no encoding', async () => {
    const made = await t.request('POST', '/api/v1/calendar-feed', { token })
    const path = new URL(((await made.json()) as { feed: { https_url: string } }).feed.https_url).pathname
    const full = await get(path, 'br')
    expect(full.headers.get('content-encoding')).toBe('br')
    expect(await decoded(full)).toContain('BEGIN:VCALENDAR')
    const again = await get(path, 'br', { 'if-none-match': full.headers.get('etag')! })
    expect(again.status).toBe(304)
    expect(again.headers.get('content-encoding')).toBeNull()
    expect(await again.text()).toBe('')
  })
})

describe('built files', () => {
  it("sends the build's Brotli copy when there is one and the browser takes Brotli", async () => {
    const res = await get('/assets/big-abc.js', 'gzip, deflate, br, zstd')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await decoded(res)).toBe('/* from the build */')
  })

  it('ignores a copy older than its file (replaced after the build), and compresses the new file instead', async () => {
    const file = join(client.distDir, 'assets', 'replaced-abc.js')
    writeFileSync(`${file}.br`, brotliCompressSync('/* the old build */'))
    const past = new Date(Date.now() - 60_000)
    utimesSync(`${file}.br`, past, past)
    writeFileSync(file, BIG_JS)
    const res = await get('/assets/replaced-abc.js', 'br')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(await decoded(res)).toBe(BIG_JS)
  })

  it('compresses it on the way when the build left no copy for that encoding, and sends it plain otherwise', async () => {
    const gz = await get('/assets/big-abc.js', 'gzip')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(await decoded(gz)).toBe(BIG_JS)
    const plain = await get('/assets/big-abc.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(BIG_JS)
  })

  it('the page shell is compressed too when it is over 1 KB, and a small one is not', async () => {
    const res = await get('/app/home', 'br')
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await decoded(res)
    expect(html).toContain('<div id="app"><div class="launch-screen">')
    expect(res.headers.get('content-encoding')).toBe(html.length >= 1024 ? 'br' : null)
  })
})

describe('choosing the encoding', () => {
  it('compresses a large answer off the main thread and a small one in place, in each encoding', async () => {
    const unpack = { zstd: zstdDecompressSync, br: brotliDecompressSync, gzip: gunzipSync }
    for (const size of [2_000, 200_000]) {
      const text = JSON.stringify(Array.from({ length: size / 20 }, (_, i) => ({ id: i, n: `row ${i}` })))
      for (const encoding of ['zstd', 'br', 'gzip'] as const) {
        const packed = await compress(Buffer.from(text), encoding)
        expect(packed.byteLength, `${encoding} ${size}`).toBeLessThan(text.length / 3)
        expect(unpack[encoding](packed).toString('utf8'), `${encoding} ${size}`).toBe(text)
      }
    }
  })

  it('prefers Zstandard where it is named, then Brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('zstd')
    expect(preferredEncoding('zstd;q=0, br')).toBe('br')
    expect(preferredEncoding('*')).toBe('br')
    expect(preferredEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br')
    expect(preferredEncoding('gzip, deflate, br')).toBe('br')
    expect(preferredEncoding('GZIP')).toBe('gzip')
    expect(preferredEncoding('br;q=0, *;q=0.5')).toBe('gzip')
    expect(preferredEncoding('*;q=0')).toBeUndefined()
    expect(preferredEncoding('identity')).toBeUndefined()
    expect(preferredEncoding(undefined)).toBeUndefined()
  })
})

describe('the build step', () => {
  it('writes a Brotli and a gzip copy of each text file over 1 KB, and leaves small files and pictures alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'))
    try {
      writeFileSync(join(dir, 'big.js'), BIG_JS)
      writeFileSync(join(dir, 'small.css'), 'a{color:red}')
      writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096, 7))
      expect(await precompressDir(dir)).toBe(1)
      expect(brotliDecompressSync(readFileSync(join(dir, 'big.js.br'))).toString()).toBe(BIG_JS)
      expect(gunzipSync(readFileSync(join(dir, 'big.js.gz'))).toString()).toBe(BIG_JS)
      for (const missing of ['small.css.br', 'small.css.gz', 'photo.png.br', 'photo.png.gz']) {
        expect(() => readFileSync(join(dir, missing)), missing).toThrow()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

// The server runs the app under @hono/node-server, whose answers keep the text they were made from;
// the compression step reads that text instead of the body (platform/compression.ts).
describe('through the Node server, as in production', () => {
  let server: ReturnType<typeof createAdaptorServer>
  let port: number
  beforeAll(async () => {
    server = createAdaptorServer({ fetch: t.app.fetch })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  /** The bytes as they travel: Node's fetch would undo the encoding. */
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      httpGet(
        {
          host: '127.0.0.1',
          port,
          path,
          headers: { host: 'localhost', authorization: `Bearer ${token}`, ...EN, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
          )
        },
      ).on('error', reject)
    })

  it('a large JSON answer travels in Zstandard, Brotli or gzip, its length declared, and decodes to the plain one', async () => {
    const plain = await raw('/api/v1/sync?limit=200', {})
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toContain('Accept-Encoding')
    expect(plain.bytes.length).toBeGreaterThan(5_000)
    const unpack = { zstd: zstdDecompressSync, br: brotliDecompressSync, gzip: gunzipSync }
    // What Chromium and Firefox ask, what Safari asks, and an older client.
    for (const [asked, answered] of [
      ['gzip, deflate, br, zstd', 'zstd'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await raw('/api/v1/sync?limit=200', { 'accept-encoding': asked })
      expect(res.headers['content-encoding'], asked).toBe(answered)
      expect(res.headers.vary, asked).toContain('Accept-Encoding')
      expect(res.headers['cache-control'], asked).toBe('no-store')
      expect(Number(res.headers['content-length']), asked).toBe(res.bytes.length)
      expect(res.bytes.length, asked).toBeLessThan(plain.bytes.length / 3)
      expect(JSON.parse(unpack[answered](res.bytes).toString('utf8')), asked).toEqual(
        JSON.parse(plain.bytes.toString('utf8')),
      )
    }
  })

  it('a small answer is sent as it is, with its headers, to a browser that takes Brotli', async () => {
    const res = await raw('/api/v1/user', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toContain('Accept-Encoding')
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.bytes.length).toBeLessThan(1024)
    expect(JSON.parse(res.bytes.toString('utf8'))).toMatchObject({ email: 'guardian@demo.test' })
  })
})
