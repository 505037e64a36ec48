// Registers the service worker; a waiting new version raises the "Update" prompt.
import { atom } from 'jotai'
import type { Workbox } from 'workbox-window'
import { store } from './store.ts'

export const updateReadyAtom = atom(false)
let workbox: Workbox | undefined

/** workbox-window is loaded here, after the first paint: nothing on screen waits for it. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const { Workbox } = await import('workbox-window')
  workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => store.set(updateReadyAtom, true))
  await workbox.register()
}

export function acceptUpdate(): void {
  if (!workbox) return
  workbox.addEventListener('controlling', () => window.location.reload())
  workbox.messageSkipWaiting()
}
