// What the page and the pull worker say to each other (pull-off-thread.ts, pull-worker.ts).
import type { PullResult } from './pull.ts'

export type PullRequest = {
  id: number
  /** The signed-in user's mirror (one IndexedDB database per user). */
  dbName: string
  baseUrl: string
  token: string | undefined
  language: string | undefined
}

/** The worker is started for this mirror: it may ask a first sync's first page at once (pull.ts). */
export type WarmRequest = Omit<PullRequest, 'id'> & { warm: true }

export type PullReply =
  | { id: number; result: PullResult | 'unauthorized' }
  | { id: number; error: string; quota: boolean }
