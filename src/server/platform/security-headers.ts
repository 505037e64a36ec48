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

export const securityHeaders = prepared(await headersOf(pageHeaders))
export const fileSecurityHeaders = prepared(await headersOf(fileHeaders))
