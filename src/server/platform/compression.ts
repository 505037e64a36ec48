// Answers travel compressed when the browser accepts it: a family on a slow phone connection downloads a
// quarter of the bytes. Built files come compressed from the build (scripts/precompress.ts); everything else
// of a compressible type over 1 KB is compressed here, at a fast level (large answers off the main thread).
import { promisify } from 'node:util'
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  zstdCompress,
  zstdCompressSync,
} from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'

export type Encoding = 'zstd' | 'br' | 'gzip'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const zstd = promisify(zstdCompress)

/** What answers made per request are sent in, best first. */
const DYNAMIC_ENCODINGS: readonly Encoding[] = ['zstd', 'br', 'gzip']

/** Below this, the headers and the work cost more than the bytes saved. */
export const COMPRESS_MIN_BYTES = 1024

/** Text answers; a stream of server-sent events is never buffered. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|manifest\+json|javascript|xml)|image\/svg\+xml)/i

export function isCompressible(contentType: string | null | undefined): boolean {
  return Boolean(contentType && COMPRESSIBLE.test(contentType))
}

/**
 * The encoding to answer with for an Accept-Encoding header: the first of `offered` the browser takes
 * (none at q=0). Answers made per request offer Zstandard first; built files offer what the build made.
 */
export function preferredEncoding(
  header: string | undefined,
  offered: readonly Encoding[] = DYNAMIC_ENCODINGS,
): Encoding | undefined {
  if (!header) return undefined
  const accepted = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const quality = q ? Number(q.slice(2)) : 1
    accepted.set(name, Number.isFinite(quality) ? quality : 0)
  }
  // Zstandard only where it is named: a `*` from an old client is not taken to cover it.
  const weight = (name: Encoding) => accepted.get(name) ?? (name === 'zstd' ? 0 : accepted.get('*')) ?? 0
  return offered.find((name) => weight(name) > 0)
}

/** Up to this size an answer is compressed on the main thread: see `compress`. */
const COMPRESS_INLINE_MAX_BYTES = 64 * 1024

/**
 * Fast levels. Zstandard 1, which Chromium and Firefox take, is the fastest and the smallest: a
 * family's sync page of 500 posts (631 KB) in 1.5 ms for 109 KB, where Brotli 2 took 5.2 ms for 112 KB
 * and gzip 3 7.5 ms for 112 KB (Safari takes Brotli), measured on the 2-core machine. Large answers are
 * compressed on libuv's threads, so the event loop is not held for milliseconds; a small one (a list
 * page, ~100 µs of work) in place, because handing it to a thread costs several times the work itself
 * once many are under way (a 14 KB answer, 50 at once: 580-750 µs of CPU each on the threads, 100-145
 * µs in place).
 */
export async function compress(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  const inline = body.byteLength <= COMPRESS_INLINE_MAX_BYTES
  if (encoding === 'zstd') {
    const options = { params: { [constants.ZSTD_c_compressionLevel]: 1 } }
    return inline ? zstdCompressSync(body, options) : zstd(body, options)
  }
  if (encoding === 'gzip') return inline ? gzipSync(body, { level: 3 }) : gzipAsync(body, { level: 3 })
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 2,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      // A window no larger than the answer: less memory to set up for each one.
      [constants.BROTLI_PARAM_LGWIN]: Math.min(
        constants.BROTLI_DEFAULT_WINDOW,
        Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.byteLength + 1))),
      ),
    },
  }
  return inline ? brotliCompressSync(body, options) : brotli(body, options)
}

/**
 * The text or bytes an answer was made from, while they are still only that: under
 * `@hono/node-server` an answer made from a string (every `c.json`) or from bytes keeps them until
 * someone reads its body, and reading it builds the Fetch API's Response and a stream around it (about
 * 60 µs for a 300-byte answer). Knowing them, a small answer is left untouched and a large one is
 * compressed from them. Undefined for any other answer, or if the adapter keeps answers otherwise: the
 * body is then read as usual.
 */
function keptBodyOf(res: Response): string | Uint8Array<ArrayBuffer> | undefined {
  const kept = Object.getOwnPropertySymbols(res).find((key) => key.description === 'cache')
  const cache = kept && (res as unknown as Record<symbol, unknown>)[kept]
  if (!Array.isArray(cache) || cache.length !== 3) return undefined
  const body: unknown = cache[1]
  if (typeof body === 'string') return body
  return body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : undefined
}

export const compression: MiddlewareHandler = async (c, next) => {
  await next()
  const res = c.res
  if (res.headers.has('content-encoding') || !isCompressible(res.headers.get('content-type'))) return
  // Caches (the browser's, a proxy's) must keep one copy per encoding.
  res.headers.append('Vary', 'Accept-Encoding')
  const encoding = preferredEncoding(c.req.header('accept-encoding'))
  const declared = Number(res.headers.get('content-length') ?? Number.NaN)
  if (!encoding || declared < COMPRESS_MIN_BYTES || c.req.method === 'HEAD') return
  const kept = keptBodyOf(res)
  const keptBytes = typeof kept === 'string' ? Buffer.byteLength(kept) : kept?.byteLength
  if (keptBytes !== undefined && keptBytes < COMPRESS_MIN_BYTES) return
  // Asked only now: reading whether there is a body reads it (see keptBodyOf).
  if (kept === undefined && !res.body) return
  const body =
    kept === undefined
      ? new Uint8Array(await res.arrayBuffer())
      : typeof kept === 'string'
        ? Buffer.from(kept)
        : kept
  if (body.byteLength < COMPRESS_MIN_BYTES) {
    replace(c, new Response(body, res))
    return
  }
  const packed = await compress(body, encoding)
  const headers = res.headers
  headers.set('Content-Encoding', encoding)
  headers.set('Content-Length', String(packed.byteLength))
  replace(c, new Response(new Uint8Array(packed), { status: res.status, headers }))
}

/**
 * Replacing an answer makes Hono read the new one's body into yet another Response to copy the old
 * one's headers onto it; the new one already has them, so the old one is dropped first.
 */
function replace(c: Context, res: Response) {
  c.res = undefined
  c.res = res
}
