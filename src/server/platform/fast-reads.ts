// Hono's way through a request (a dozen middlewares, its context, the Fetch API's Request and Response)
// cost a warm `GET /api/v1/user` about 20 of its 35 µs of CPU: more than the answer itself. The hottest
// reads are answered by plain node:http instead when all they need is already kept (the host's college
// and the token's session, short-cache.ts). Anything else (a miss, a suspended college, a query string,
// another method, an answer to compress) goes on to Hono, which answers as always and keeps what the
// next request needs. Both ways give the same answer, header for header: tests/server/fast-reads.test.ts.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { bearerTokenOf, keptSession } from './auth.ts'
import { COMPRESS_MIN_BYTES, preferredEncoding } from './compression.ts'
import type { AppDeps, Auth, College } from './context.ts'
import { logRequest } from './request-log.ts'
import { API_SECURITY_HEADERS } from './security-headers.ts'
import { hostOf, keptCollege, normalizeHost } from './tenancy.ts'

export type KeptSignIn = { host: string; college: College; auth: Auth }

/** What a read answers (as JSON, status 200) for a signed-in request whose college and session were kept. */
export type FastRead = (signedIn: KeptSignIn) => unknown

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

function answered(req: IncomingMessage, res: ServerResponse, read: FastRead, deps: AppDeps): boolean {
  const started = performance.now()
  const signedIn = keptSignIn(req, deps)
  if (!signedIn) return false
  const body = JSON.stringify(read(signedIn))
  const length = Buffer.byteLength(body)
  if (length >= COMPRESS_MIN_BYTES && preferredEncoding(req.headers['accept-encoding'])) return false
  const requestId = randomUUID()
  res.writeHead(200, [...HEADERS, 'x-request-id', requestId, 'content-length', String(length)])
  res.end(body)
  if (deps.config.logRequests) {
    const { host, college } = signedIn
    logRequest(started, { requestId, method: 'GET', path: req.url!, status: 200, host, college: college.id })
  }
  return true
}

/** `fallback` (Hono's listener) with `reads` (by exact path, no query string) answered before it where they can be. */
export function withFastReads(
  deps: AppDeps,
  reads: Record<string, FastRead>,
  fallback: RequestListener,
): RequestListener {
  const byPath = new Map(Object.entries(reads))
  return (req, res) => {
    const read = req.method === 'GET' && req.url ? byPath.get(req.url) : undefined
    if (!read || !answered(req, res, read, deps)) fallback(req, res)
  }
}
