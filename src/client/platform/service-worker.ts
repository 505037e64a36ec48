// Registers the service worker; a waiting new version raises the "Update" prompt. The browser's own
// API (without workbox-window, 2 KB the sign-in page no longer downloads).
import { atom } from 'jotai/vanilla'
import { doublingDelay } from './backoff.ts'
import { store } from './store.ts'

export const updateReadyAtom = atom(false)
let registration: ServiceWorkerRegistration | undefined

/** The first wait before an install that failed is tried again; each later wait doubles, up to the last. */
export const INSTALL_RETRY_MS = [5_000, 5 * 60_000] as const

/** After the page has loaded: the worker's precache never competes with the first screen. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  }
  await register()
}

/**
 * An install fails when one of the shell's files does not arrive (a weak connection drops one of its
 * downloads, or the worker's own script): the browser discards that worker and would try again only on
 * the next page load, which an app left open all day may not have for hours, offline all that time.
 * It is tried again here, a while later (longer each time) or as soon as the connection comes back.
 */
async function register(): Promise<void> {
  let found: ServiceWorkerRegistration
  try {
    found = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  } catch (error) {
    // Only a script that did not arrive (a TypeError): a page the browser will never let register
    // (not a secure origin, say) would be asked again every few minutes for nothing.
    if (error instanceof TypeError) retryLater()
    throw error
  }
  registration = found
  // A version installed while an older one controls this tab waits: offer it (also one found on an
  // earlier visit and still waiting). A first install controls at once and offers nothing.
  const offer = () => {
    if (found.waiting && navigator.serviceWorker.controller) store.set(updateReadyAtom, true)
  }
  const watch = (worker: ServiceWorker | null) => {
    if (!worker || watched.has(worker)) return
    watched.add(worker)
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer()
      if (worker.state === 'redundant' && !found.active && !found.installing && !found.waiting) retryLater()
    })
  }
  offer()
  watch(found.installing)
  if (watched.has(found)) return
  watched.add(found)
  found.addEventListener('updatefound', () => watch(found.installing))
}

const watched = new WeakSet<object>()
let failedInstalls = 0
let retryPending = false

/** One retry at a time: after a delay, or at once when the device is back online; the next waits longer. */
function retryLater(): void {
  if (retryPending) return
  retryPending = true
  const go = () => {
    window.clearTimeout(timer)
    window.removeEventListener('online', go)
    retryPending = false
    register().catch((error: unknown) =>
      console.warn('The service worker could not be installed; it will be tried again.', error),
    )
  }
  failedInstalls++
  const timer = window.setTimeout(go, doublingDelay(failedInstalls, ...INSTALL_RETRY_MS))
  window.addEventListener('online', go)
}

/**
 * "Update": the waiting version takes over and the page reloads under it. With nothing waiting any more
 * (another open tab accepted it first, and the new version already controls this one) the reload alone
 * brings it; a button that did nothing would leave the prompt up for good.
 */
export function acceptUpdate(): void {
  const waiting = registration?.waiting
  if (!waiting) {
    window.location.reload()
    return
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  waiting.postMessage({ type: 'SKIP_WAITING' })
}
