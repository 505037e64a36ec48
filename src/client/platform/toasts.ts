import { atom } from 'jotai/vanilla'
import { TOAST_DURATION_MS } from '#shared/constants.ts'
import { store } from './store.ts'

export type Toast = { id: number; text: string; kind: 'info' | 'success' | 'error' }
export const toastsAtom = atom<Toast[]>([])

let next = 1
export function toast(text: string, kind: Toast['kind'] = 'info'): void {
  const id = next++
  store.set(toastsAtom, (list) => [...list, { id, text, kind }])
  setTimeout(() => store.set(toastsAtom, (list) => list.filter((t) => t.id !== id)), TOAST_DURATION_MS)
}
