// Registers the service worker; a waiting new version raises the "Update" prompt. The browser's own
// API (without workbox-window, 2 KB the sign-in page no longer downloads).
import { atom } from 'jotai/vanilla'
import { store } from './store.ts'

export const updateReadyAtom = atom(false)
let registration: ServiceWorkerRegistration | undefined

/** After the page has loaded: the worker's precache never competes with the first screen. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  }
  registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  const found = registration
  // A version installed while an older one controls this tab waits: offer it (also one found on an
  // earlier visit and still waiting). A first install controls at once and offers nothing.
  const offer = () => {
    if (found.waiting && navigator.serviceWorker.controller) store.set(updateReadyAtom, true)
  }
  offer()
  found.addEventListener('updatefound', () => {
    const installing = found.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer()
    })
  })
}

export function acceptUpdate(): void {
  const waiting = registration?.waiting
  if (!waiting) return
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  waiting.postMessage({ type: 'SKIP_WAITING' })
}
