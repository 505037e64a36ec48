/// <reference lib="webworker" />
// The pull, in a worker of its own. A first sync parses and writes a dozen pages of 500 rows: 20–35 ms
// of the page's main thread each on a laptop, four times that on a phone, so Home froze in bursts while
// it filled and a tap waited. Here the main thread only redraws what its live queries see change
// (Dexie tells the page of every write through a BroadcastChannel).
import { createLocalDb, type LocalDb } from './local-db.ts'
import { pullOnce } from './pull.ts'
import type { PullReply, PullRequest } from './pull-messages.ts'
import { isQuotaError } from './quota-error.ts'
import { configureSync } from './sync-config.ts'

declare const self: DedicatedWorkerGlobalScope

let db: LocalDb | undefined

self.onmessage = async ({ data: request }: MessageEvent<PullRequest>) => {
  if (db?.name !== request.dbName) {
    db?.close()
    db = createLocalDb(request.dbName)
  }
  configureSync({
    baseUrl: request.baseUrl,
    getToken: () => request.token,
    getLanguage: () => request.language,
  })
  let reply: PullReply
  try {
    reply = { id: request.id, result: await pullOnce(db) }
  } catch (error) {
    reply = { id: request.id, error: String((error as Error)?.message ?? error), quota: isQuotaError(error) }
  }
  self.postMessage(reply)
}
