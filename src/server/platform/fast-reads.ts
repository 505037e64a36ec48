// Hono's way through a request (a dozen middlewares, its context, the Fetch API's Request and Response)
// cost a warm `GET /api/v1/user` about 20 of its 35 µs of CPU: more than the answer itself. The hottest
// reads are answered by plain node:http instead when all they need is already kept (the host's college
// and the token's session, short-cache.ts). Anything else (a miss, a suspended college, a query the
// read does not take, another method, a read that fails) goes on to Hono, which answers as always and
// keeps what the next request needs. Both ways give the same answer, header for header, compressed
// alike: tests/server/fast-reads.test.ts.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { bearerTokenOf, keptSession } from './auth.ts'
import { COMPRESS_MIN_BYTES, compress, preferredEncoding } from './compression.ts'
import type { AppDeps, Auth, College } from './context.ts'
import { logger } from './logger.ts'
import { logRequest } from './request-log.ts'
import { API_SECURITY_HEADERS } from './security-headers.ts'
import { hostOf, keptCollege, normalizeHost } from './tenancy.ts'

export type KeptSignIn = { host: string; college: College; auth: Auth }

/**
 * What a read answers (as JSON, status 200) for a signed-in request whose college and session were
 * kept, now or once its statements have run: a value, or its JSON as bytes already made (a sync
 * page); `query` is the query string, without its `?` (parsed only by a read that takes one).
 * Undefined leaves the request to Hono: a query string the read does not take as it is (Hono then
 * answers the 422), say.
 */
export type FastRead = (signedIn: KeptSignIn, query: string, deps: AppDeps) => unknown

/** What every API answer carries besides its id and length (app.ts: Cache-Control; compression.ts: Vary). */
const HEADERS = [
  ...API_SECURITY_HEADERS.flat(),
  'cache-control',
  'no-store',
  'content-type',
  'application/json',
  'vary',
  'Accept-Encoding',
]

function keptSignIn(req: IncomingMessage, deps: AppDeps): KeptSignIn | undefined {
  const raw = hostOf((name) => req.headers[name] as string | undefined, deps.config.trustProxy)
  if (!raw) return undefined
  const host = normalizeHost(raw)
  const college = keptCollege(deps.db, host)
  if (!college || college.suspended_at) return undefined
  const token = bearerTokenOf(req.headers.authorization)
  const auth = token ? keptSession(deps.db, token, college.id) : undefined
  return auth && { host, college, auth }
}

type Asked = { req: IncomingMessage; res: ServerResponse; path: string; started: number }

function write(
  { res, path, started }: Asked,
  signedIn: KeptSignIn,
  deps: AppDeps,
  body: string | Buffer,
  length: number,
  encoding?: string,
) {
  const requestId = randomUUID()
  const headers = encoding ? [...HEADERS, 'content-encoding', encoding] : [...HEADERS]
  headers.push('x-request-id', requestId, 'content-length', String(length))
  res.writeHead(200, headers)
  res.end(body)
  if (deps.config.logRequests) {
    const { host, college } = signedIn
    logRequest(started, { requestId, method: 'GET', path, status: 200, host, college: college.id })
  }
}

/**
 * Sends `value` (or the JSON bytes given) as Hono's middlewares would: with an id, and compressed past
 * 1 KB where the browser takes it.
 */
function send(asked: Asked, signedIn: KeptSignIn, value: unknown, deps: AppDeps, fallback: RequestListener) {
  const text = Buffer.isBuffer(value) ? value : JSON.stringify(value)
  const length = typeof text === 'string' ? Buffer.byteLength(text) : text.byteLength
  const encoding =
    length >= COMPRESS_MIN_BYTES ? preferredEncoding(asked.req.headers['accept-encoding']) : undefined
  if (!encoding) {
    write(asked, signedIn, deps, text, length)
    return
  }
  compress(typeof text === 'string' ? Buffer.from(text) : text, encoding).then(
    (packed) => write(asked, signedIn, deps, packed, packed.byteLength, encoding),
    (error: unknown) => handOver(asked, fallback, error),
  )
}

/** A fast read that failed: Hono answers the request afresh (and reports its error, if it fails again). */
function handOver(asked: Asked, fallback: RequestListener, error: unknown) {
  logger.warn('fast read failed, answered by Hono', { path: asked.path, error: String(error) })
  if (!asked.res.headersSent) fallback(asked.req, asked.res)
  else asked.res.destroy()
}

/**
 * Answers the request if `read` can, and tells whether it will (synchronously: an answer at hand is
 * sent in the same turn).
 */
function answered(asked: Asked, read: FastRead, deps: AppDeps, fallback: RequestListener): boolean {
  const signedIn = keptSignIn(asked.req, deps)
  if (!signedIn) return false
  const url = asked.req.url!
  const query = url.length > asked.path.length ? url.slice(asked.path.length + 1) : ''
  try {
    const value = read(signedIn, query, deps)
    if (value === undefined) return false
    if (!(value instanceof Promise)) {
      send(asked, signedIn, value, deps, fallback)
      return true
    }
    value
      .then((resolved) =>
        resolved === undefined
          ? fallback(asked.req, asked.res)
          : send(asked, signedIn, resolved, deps, fallback),
      )
      .catch((error: unknown) => handOver(asked, fallback, error))
  } catch (error) {
    handOver(asked, fallback, error)
  }
  return true
}

/** `fallback` (Hono's listener) with `reads` (by path, whatever the query) answered before it where they can be. */
export function withFastReads(
  deps: AppDeps,
  reads: Record<string, FastRead>,
  fallback: RequestListener,
): RequestListener {
  const byPath = new Map(Object.entries(reads))
  return (req, res) => {
    const url = req.method === 'GET' ? req.url : undefined
    const mark = url?.indexOf('?') ?? -1
    const path = url && mark >= 0 ? url.slice(0, mark) : url
    const read = path === undefined ? undefined : byPath.get(path)
    if (!read || !answered({ req, res, path: path!, started: performance.now() }, read, deps, fallback))
      fallback(req, res)
  }
}
