import { secureHeaders } from 'hono/secure-headers'

// No inline scripts anywhere: the service worker registration and the app are files.
export const securityHeaders = secureHeaders({
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
export const fileSecurityHeaders = secureHeaders({
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
