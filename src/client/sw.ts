/// <reference lib="webworker" />
// The service worker: precached shell, navigations answered from the cached index.html, a bounded
// cache for uploaded pictures, and a new version that waits for the user's "Update".
import { cacheNames, clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)

// The build's hashed files (scripts, styles, fonts) come straight from the precache, where they are
// kept under their own address: the browser reads them without waking this worker's code for each
// (Chromium's static routing), which on an opening of Home was one fetch event per script. A file
// the precache lacks (pdf.js) goes to the network. Browsers without static routing use the routes.
type StaticRoutes = { addRoutes?: (rules: object[]) => Promise<void> }
self.addEventListener('install', (event) => {
  const routes = (event as ExtendableEvent & StaticRoutes).addRoutes?.([
    {
      condition: { urlPattern: '/assets/*', requestMethod: 'GET' },
      source: { cacheName: cacheNames.precache },
    },
  ])
  if (routes) event.waitUntil(routes.catch((error: unknown) => console.warn('static routes refused', error)))
})
cleanupOutdatedCaches()
// The first install takes the open page at once; later versions wait for the user's "Update".
clientsClaim()

// API calls and server-made files are never answered with the app shell.
const SERVER_PATHS = /^\/(api|sanctum|media|icons|calendar|files)\/|^\/manifest\.webmanifest$/
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [SERVER_PATHS] }))

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/media/') &&
    request.destination === 'image',
  new CacheFirst({
    cacheName: 'media',
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

registerRoute(
  ({ url }) =>
    url.origin === self.location.origin &&
    (url.pathname === '/manifest.webmanifest' || url.pathname.startsWith('/icons/')),
  new NetworkFirst({ cacheName: 'install', networkTimeoutSeconds: 3 }),
)

// A document kept offline opens from the device, network or not; any other file goes to the server
// with its signed address. `?download` saves the kept copy instead of showing it.
const PINNED_DOCUMENTS = 'pinned-documents'
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/files/documents/') &&
    request.method === 'GET',
  async ({ url, request }) => {
    const kept = await (await caches.open(PINNED_DOCUMENTS)).match(url.pathname)
    if (kept) {
      if (!url.searchParams.has('download')) return kept
      const headers = new Headers(kept.headers)
      headers.set(
        'Content-Disposition',
        (headers.get('Content-Disposition') ?? '').replace(/^inline/, 'attachment'),
      )
      return new Response(kept.body, { headers })
    }
    try {
      return await fetch(request)
    } catch {
      return new Response('This document is not kept on this device, and it needs a connection to open.', {
        status: 503,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      })
    }
  },
)

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// Background Sync only wakes the pages: the outbox lives in the app, which knows its states (a 401 or
// 422 must never be taken for success, as Workbox's own queue does).
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string }
  if (sync.tag !== 'outbox') return
  sync.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'replay-outbox' })
    }),
  )
})

type PushPayload = {
  id: string
  title: string
  body: string
  emergency: boolean
  college?: string
  icon?: string
  url: string
}

// A push shows the notification with the college's icon (an emergency stays until touched and
// vibrates), and tells open pages to pull, so the mirror and the emergency screen follow at once.
self.addEventListener('push', (event) => {
  let data: PushPayload
  try {
    data = event.data?.json() as PushPayload
  } catch {
    return
  }
  if (!data?.title) return
  const options: NotificationOptions & { vibrate?: number[]; renotify?: boolean } = {
    body: data.body,
    icon: data.icon,
    badge: data.icon,
    tag: data.id,
    data: { url: data.url, id: data.id },
    requireInteraction: data.emergency,
    renotify: data.emergency,
    vibrate: data.emergency ? [400, 200, 400, 200, 400] : undefined,
  }
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(data.emergency ? `⚠ ${data.title}` : data.title, options),
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
        for (const client of clients) client.postMessage({ type: 'replay-outbox' })
      }),
    ]),
  )
})

// Touching it opens the app on that notification: an open window of the app is reused and focused.
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = (event.notification.data as { url?: string } | undefined)?.url ?? '/notifications/'
  const target = new URL(path, self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (clients) => {
      const open = clients.find((c) => new URL(c.url).origin === self.location.origin) as
        | WindowClient
        | undefined
      if (open) {
        await open.focus()
        await open.navigate(target).catch(() => open.postMessage({ type: 'open', url: path }))
        return
      }
      await self.clients.openWindow(target)
    }),
  )
})
