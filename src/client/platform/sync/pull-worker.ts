/// <reference lib="webworker" />
// The pull, in a worker of its own. A first sync parses and writes a dozen pages of 500 rows: 20–35 ms
// of the page's main thread each on a laptop, four times that on a phone, so Home froze in bursts while
// it filled and a tap waited. Here the main thread only redraws what its live queries see change
// (the worker names the tables each page wrote, table-changes.ts; Dexie relays that to the page through
// a BroadcastChannel).
import { createLocalDb, type LocalDb } from './local-db.ts'
import { fetchFirstPageEarly, type PageWrites, PULL_PAGE_SIZE, pullOnce } from './pull.ts'
import type { PullReply, PullRequest, WarmRequest } from './pull-messages.ts'
import { isQuotaError } from './quota-error.ts'
import { configureSync } from './sync-config.ts'
import { announceWrites, withoutKeyTracking } from './table-changes.ts'

declare const self: DedicatedWorkerGlobalScope

let db: LocalDb | undefined
/** The first page asked as the worker started: a pull waits until it is asked, not answered. */
let warming: Promise<void> | undefined

function mirror(request: Omit<PullRequest, 'id'>): LocalDb {
  if (db?.name !== request.dbName) {
    db?.close()
    db = withoutKeyTracking(createLocalDb(request.dbName))
  }
  configureSync({
    baseUrl: request.baseUrl,
    getToken: () => request.token,
    getLanguage: () => request.language,
  })
  return db
}

self.onmessage = async ({ data: request }: MessageEvent<PullRequest | WarmRequest>) => {
  if ('warm' in request) {
    warming = fetchFirstPageEarly(mirror(request)).catch(() => undefined)
    return
  }
  await warming
  const target = mirror(request)
  let reply: PullReply
  try {
    const landed = (written: PageWrites) => announceWrites(target, written)
    reply = { id: request.id, result: await pullOnce(target, PULL_PAGE_SIZE, landed) }
  } catch (error) {
    reply = { id: request.id, error: String((error as Error)?.message ?? error), quota: isQuotaError(error) }
  }
  self.postMessage(reply)
}
