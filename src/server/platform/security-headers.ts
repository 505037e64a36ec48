import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

// No inline scripts anywhere: the service worker registration and the app are files.
const pageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    // The payer is sent to Webpay (Transbank's production and integration hosts) by a form POST.
    formAction: ["'self'", 'https://webpay3g.transbank.cl', 'https://webpay3gint.transbank.cl'],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xContentTypeOptions: 'nosniff',
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: 'same-origin',
})

// A private file opened in the browser's own viewer (`/files/…`): nothing in it may run, but the
// viewer must be allowed to show it (Chrome's PDF viewer is a plugin, which `object-src 'none'` stops).
const fileHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    imgSrc: ["'self'", 'data:'],
    styleSrc: ["'unsafe-inline'"],
    objectSrc: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  xContentTypeOptions: 'nosniff',
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: 'same-origin',
})

// An API answer is JSON that no browser shows as a page: nothing in it may load or run, and it may be
// neither framed nor read by another site (OWASP's REST set). About half the bytes of the page's set.
const apiHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  xContentTypeOptions: 'nosniff',
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: 'same-origin',
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
})

// A script, style sheet or picture of the build is never a document: the page's policy does not apply
// to it, and on the sign-in page's twenty files those headers were a tenth of the bytes. What still
// matters: the declared type is the only type, and no other site may load it.
const assetHeaders = secureHeaders({
  contentSecurityPolicy: undefined,
  xFrameOptions: false,
  referrerPolicy: false,
  xContentTypeOptions: 'nosniff',
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: 'same-origin',
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
})

/**
 * Hono's middleware sets its headers after the answer is made, which copies every response (a third of
 * a cached request's time). Its headers are the same for every request: read once here, they are set
 * before the answer is made, and the answer is built with them.
 */
async function headersOf(middleware: MiddlewareHandler): Promise<[string, string][]> {
  const stub = { res: new Response(null) }
  await middleware(stub as never, async () => undefined)
  return [...stub.res.headers]
}

function prepared(headers: [string, string][]): MiddlewareHandler {
  return async (c, next) => {
    for (const [name, value] of headers) c.header(name, value)
    await next()
  }
}

const forPages = prepared(await headersOf(pageHeaders))
const forFiles = prepared(await headersOf(fileHeaders))
/** An API answer's security headers, as `securityHeaders` sets them (and `fast-reads.ts`). */
export const API_SECURITY_HEADERS: readonly (readonly [string, string])[] = await headersOf(apiHeaders)
const forApi = prepared(API_SECURITY_HEADERS as [string, string][])
const forAssets = prepared(await headersOf(assetHeaders))

/**
 * The build's scripts, styles and pictures, and the icons made from a college's logo. Not `.mjs`: the
 * PDF worker runs under the policy its own answer carries, as the service worker (`/sw.js`) does.
 */
const ASSET = /^\/(assets\/[^/]+\.(js|css|png|jpe?g|svg|webp|woff2)|icons\/.+|default\/[^/]+\.(png|jpe?g))$/

/** The security headers that fit what is asked for: an API answer, a private file, an asset or a page. */
export const securityHeaders: MiddlewareHandler = (c, next) => {
  const path = c.req.path
  if (path.startsWith('/api/') || path.startsWith('/sanctum/')) return forApi(c, next)
  if (path.startsWith('/files/')) return forFiles(c, next)
  if (ASSET.test(path)) return forAssets(c, next)
  return forPages(c, next)
}
