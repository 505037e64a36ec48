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

export type PullReply =
  | { id: number; result: PullResult | 'unauthorized' }
  | { id: number; error: string; quota: boolean }
