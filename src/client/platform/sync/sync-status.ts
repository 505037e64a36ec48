// What the interface shows of sync: running, paused for sign-in, storage full, last success.
import { atom } from 'jotai'
import { store } from '../store.ts'

export type SyncStatus = {
  pulling: boolean
  /**
   * The pull under way fills the mirror from empty (a first sync, or a reset): dozens of pages land in
   * a few seconds, and screens follow them more slowly (use-local-query.ts).
   */
  filling: boolean
  /** The server answered 401: the queue waits until the user signs in again (V4). */
  needsSignIn: boolean
  /** The device refused to store more (V9): sync pauses, the outbox is kept. */
  storageFull: boolean
  /** Another tab upgraded the local database: this tab must reload (V8). */
  reloadRequired: boolean
  lastPulledAt: number | undefined
}

export const syncStatusAtom = atom<SyncStatus>({
  pulling: false,
  filling: false,
  needsSignIn: false,
  storageFull: false,
  reloadRequired: false,
  lastPulledAt: undefined,
})

export function setSyncStatus(patch: Partial<SyncStatus>): void {
  store.set(syncStatusAtom, (s) => ({ ...s, ...patch }))
}

export function syncStatus(): SyncStatus {
  return store.get(syncStatusAtom)
}
