// A pull runs in the pull worker (pull-worker.ts) where the browser can start it, and in this thread
// otherwise: where there are no workers (tests), or the device could not load the worker's script.
import type { LocalDb } from './local-db.ts'
import { type PullResult, pullOnce } from './pull.ts'
import type { PullReply, PullRequest, WarmRequest } from './pull-messages.ts'
import { isQuotaError } from './quota-error.ts'
import { syncConfig } from './sync-config.ts'
import { setSyncStatus } from './sync-status.ts'

/** The worker stopped (sign-out) or could not run: its pulls end with this. */
class PullWorkerGone extends Error {}

let worker: Worker | undefined
/** Set once this tab could not run the worker: it pulls in its own thread from then on. */
let unavailable = false
let lastId = 0
const waiting = new Map<number, { resolve: (reply: PullReply) => void; reject: (error: Error) => void }>()

/** Ends the worker and its pulls: a page half written is undone with its transaction, as offline. */
export function stopPullWorker(reason: Error = new PullWorkerGone('sync stopped')): void {
  worker?.terminate()
  worker = undefined
  for (const pull of waiting.values()) pull.reject(reason)
  waiting.clear()
}

function pullWorker(): Worker | undefined {
  if (unavailable || worker) return worker
  if (typeof Worker === 'undefined') {
    unavailable = true
    return undefined
  }
  try {
    worker = new Worker(new URL('./pull-worker.ts', import.meta.url), { type: 'module', name: 'pull' })
  } catch {
    unavailable = true
    return undefined
  }
  worker.onmessage = ({ data }: MessageEvent<PullReply>) => {
    waiting.get(data.id)?.resolve(data)
    waiting.delete(data.id)
  }
  // The script did not load (or failed outside a pull).
  worker.onerror = (event) => {
    event.preventDefault()
    unavailable = true
    stopPullWorker(new PullWorkerGone('the pull worker did not start'))
  }
  return worker
}

/**
 * Starts the worker's script loading, online, before the first pull is asked: the mirror opens and the
 * outbox is checked meanwhile. Asked only at the pull, the script came ~0.4 s after the engine on a
 * first sign-in here, one more round trip between Home and its first news. The worker asks a first
 * sync's first page as it starts (`fetchFirstPageEarly`).
 */
export function warmPullWorker(db: LocalDb): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return
  const warm: WarmRequest = { warm: true, ...mirrorOf(db) }
  pullWorker()?.postMessage(warm)
}

/** The mirror and how to reach the server, as the worker needs them. */
function mirrorOf(db: LocalDb): Omit<PullRequest, 'id'> {
  return {
    dbName: db.name,
    baseUrl: syncConfig.baseUrl,
    token: syncConfig.getToken(),
    language: syncConfig.getLanguage(),
  }
}

function ask(target: Worker, db: LocalDb): Promise<PullReply> {
  const request: PullRequest = { id: ++lastId, ...mirrorOf(db) }
  return new Promise((resolve, reject) => {
    waiting.set(request.id, { resolve, reject })
    target.postMessage(request)
  })
}

/** `pullOnce` in this thread; a page the device could not store pauses sync, as from the worker. */
async function pullInThisThread(db: LocalDb): Promise<PullResult | 'unauthorized'> {
  try {
    return await pullOnce(db)
  } catch (error) {
    if (isQuotaError(error)) setSyncStatus({ storageFull: true })
    throw error
  }
}

/** `pullOnce`, off the main thread where it can be. Errors as `pullOnce`'s (a quota error pauses sync). */
export async function pull(db: LocalDb): Promise<PullResult | 'unauthorized'> {
  // Offline, a pull can only fail: the worker is not started for it (an offline start of the app
  // spends its first half second drawing Home), and going online pulls at once (sync-engine.ts).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error('offline')
  const target = pullWorker()
  if (!target) return pullInThisThread(db)
  let reply: PullReply
  try {
    reply = await ask(target, db)
  } catch (error) {
    if (unavailable) return pullInThisThread(db)
    throw error
  }
  if ('result' in reply) return reply.result
  if (reply.quota) setSyncStatus({ storageFull: true })
  throw Object.assign(new Error(reply.error), { name: reply.quota ? 'QuotaExceededError' : 'Error' })
}
