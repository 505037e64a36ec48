// Registers the service worker; a waiting new version raises the "Update" prompt.
import { atom } from 'jotai'
import { Workbox } from 'workbox-window'
import { store } from './store.ts'

export const updateReadyAtom = atom(false)
let workbox: Workbox | undefined

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => store.set(updateReadyAtom, true))
  await workbox.register()
}

export function acceptUpdate(): void {
  if (!workbox) return
  workbox.addEventListener('controlling', () => window.location.reload())
  workbox.messageSkipWaiting()
}
