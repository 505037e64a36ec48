import { atom } from 'jotai/vanilla'
import { store } from './store.ts'

export const onlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine)

export function watchOnline(): void {
  window.addEventListener('online', () => store.set(onlineAtom, true))
  window.addEventListener('offline', () => store.set(onlineAtom, false))
}
