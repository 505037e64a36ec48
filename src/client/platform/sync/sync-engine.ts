// When sync runs: at start, on `online`, on focus and visibility, on a timer, and when the service
// worker's Background Sync fires. Push first, then pull, so the mirror ends on the server's state.

import { forgetKeptAnswers } from './kept-answers.ts'
import { connectLivePokes } from './live-pokes.ts'
import {
  COMPLETE_KEY,
  closeLocalDb,
  createLocalDb,
  DB_PREFIX,
  type LocalDb,
  localDb,
  openLocalDb,
  schemaChangeListeners,
} from './local-db.ts'
import { replayInFlight, replayOutbox, resumeSignedIn } from './outbox.ts'
import { pull, stopPullWorker, warmPullWorker } from './pull-off-thread.ts'
import { setSyncStatus, syncStatus } from './sync-status.ts'

const PULL_INTERVAL_MS = 3 * 60_000
const OUTBOX_TICK_MS = 5_000

let detach: (() => void) | undefined
let running: Promise<void> | undefined
let again = false

async function pullHere(db: LocalDb): Promise<void> {
  setSyncStatus({ pulling: true })
  // A mirror that never finished a pull is being filled by this one (asked beside the pull, which
  // it must not hold up).
  void db.meta.get(COMPLETE_KEY).then(
    (complete) => syncStatus().pulling && setSyncStatus({ filling: complete === undefined }),
    () => undefined,
  )
  try {
    const result = await pull(db)
    if (result === 'unauthorized') setSyncStatus({ needsSignIn: true })
    else {
      setSyncStatus({ lastPulledAt: Date.now() })
      // The server answers again: writes that backed off during an outage go now, not minutes later.
      if (await db.outbox.where('state').equals('pending').count()) {
        await clearBackoff(db)
        await replayOutbox(db)
      }
    }
  } finally {
    setSyncStatus({ pulling: false, filling: false })
  }
}

/** Push then pull, once at a time in this tab; network failures wait for the next trigger. */
export function syncNow(): Promise<void> {
  const db = localDb()
  if (!db || syncStatus().needsSignIn || syncStatus().storageFull || syncStatus().reloadRequired)
    return Promise.resolve()
  running ??= (async () => {
    try {
      await replayOutbox(db)
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
      if (locks)
        await locks.request(`pull:${db.name}`, { ifAvailable: true }, (lock) =>
          lock ? pullHere(db) : undefined,
        )
      else await pullHere(db)
    } catch {
      // Offline or the server is down: the next trigger tries again; nothing is lost.
    } finally {
      running = undefined
      if (again) {
        again = false
        void syncNow()
      }
    }
  })()
  return running
}

/** The server says something changed: pull now, or once more after a pull already under way. */
export function syncSoon(): void {
  if (running) again = true
  else void syncNow()
}

/**
 * Other people's mirrors on this device, each with how many of their writes wait to be sent
 * (undefined: it could not be read, so it may hold some).
 */
async function otherUsersDatabases(userId: number | undefined) {
  const found: { db: LocalDb; waiting: number | undefined }[] = []
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return found
  for (const info of await indexedDB.databases()) {
    if (!info.name?.startsWith(DB_PREFIX) || info.name === `${DB_PREFIX}${userId}`) continue
    const db = createLocalDb(info.name)
    found.push({ db, waiting: await db.outbox.count().catch(() => undefined) })
    db.close()
  }
  return found
}

/** Databases of other people who used this device and left nothing unsent are removed. */
async function removeOtherUsersData(userId: number): Promise<void> {
  for (const { db, waiting } of await otherUsersDatabases(userId))
    if (waiting === 0) await db.delete().catch(() => undefined)
}

/**
 * What a sign-out on this device must not delete: other people's databases still holding writes to
 * send (kept when this person signed in), so their work goes when they next sign in here.
 */
export async function databasesKeptAtSignOut(userId: number | undefined): Promise<string[]> {
  return (await otherUsersDatabases(userId)).filter((d) => d.waiting !== 0).map((d) => d.db.name)
}

/**
 * Waiting writes become due now, whatever their backoff said, and their count starts over: the
 * backoff of an outage says nothing about the connection that just came back, so a first try that
 * still fails (the "online" event comes a moment before requests get through) is retried in seconds.
 */
async function clearBackoff(db: LocalDb): Promise<void> {
  await db.outbox
    .where('state')
    .equals('pending')
    .modify({ nextAttemptAt: 0, attempts: 0 })
    .catch(() => undefined)
}

/** Back online, back in the tab, or a fresh start: waiting writes go now, whatever their backoff said. */
export async function retryNow(): Promise<void> {
  const db = localDb()
  if (!db) return
  // Space may have been freed meanwhile; a new quota error pauses again.
  if (syncStatus().storageFull) setSyncStatus({ storageFull: false })
  // A run that began while offline ends by setting its own backoff: let it end first, or it would
  // push the writes back after they were made due, and they would wait for nothing.
  await Promise.all([running?.catch(() => undefined), replayInFlight(db)])
  await clearBackoff(db)
  await syncNow()
}

/** "Send now" (the outbox screen, signing out): push what waits at once, without a pull after it. */
export async function sendNow(): Promise<void> {
  const db = localDb()
  if (!db || syncStatus().needsSignIn) return
  if (syncStatus().storageFull) setSyncStatus({ storageFull: false })
  await replayInFlight(db)
  await clearBackoff(db)
  await replayOutbox(db).catch(() => undefined)
}

function attachTriggers(): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') void retryNow()
  }
  const onOnline = () => void retryNow()
  const onFocus = () => void syncNow()
  const onMessage = (event: MessageEvent) => {
    if (event.data?.type === 'replay-outbox') void syncNow()
  }
  window.addEventListener('online', onOnline)
  window.addEventListener('focus', onFocus)
  document.addEventListener('visibilitychange', onVisible)
  navigator.serviceWorker?.addEventListener('message', onMessage)
  const pullTimer = setInterval(() => void syncNow(), PULL_INTERVAL_MS)
  const outboxTimer = setInterval(() => void replayOutbox(), OUTBOX_TICK_MS)
  const disconnect = connectLivePokes(syncSoon)
  return () => {
    disconnect()
    window.removeEventListener('online', onOnline)
    window.removeEventListener('focus', onFocus)
    document.removeEventListener('visibilitychange', onVisible)
    navigator.serviceWorker?.removeEventListener('message', onMessage)
    clearInterval(pullTimer)
    clearInterval(outboxTimer)
  }
}

schemaChangeListeners.add(() => setSyncStatus({ reloadRequired: true }))

/** Opens this user's mirror and starts syncing it. Safe to call again (after every sign-in). */
let startedFor: number | undefined

export async function startSync(userId: number): Promise<void> {
  const resuming = syncStatus().needsSignIn
  if (startedFor === userId && !resuming) return
  startedFor = userId
  warmPullWorker(openLocalDb(userId))
  detach ??= typeof window === 'undefined' ? () => undefined : attachTriggers()
  if (resuming) await resumeSignedIn()
  void removeOtherUsersData(userId).catch(() => undefined)
  await retryNow()
}

export function stopSync(): void {
  startedFor = undefined
  // Signing out: nothing of this user's screens is written again once the sign-out has cleared them.
  forgetKeptAnswers()
  detach?.()
  detach = undefined
  stopPullWorker()
  closeLocalDb()
  setSyncStatus({
    needsSignIn: false,
    storageFull: false,
    pulling: false,
    filling: false,
    lastPulledAt: undefined,
  })
}
