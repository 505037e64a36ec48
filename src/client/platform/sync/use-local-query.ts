// Screens read only from the mirror, through live queries that follow the signed-in user's database.
import { liveQuery } from 'dexie'
import { startTransition, useEffect, useReducer, useRef, useSyncExternalStore } from 'react'
import { userAtom } from '../session.ts'
import { store } from '../store.ts'
import { inTurn } from './in-turn.ts'
import { keepAnswer, keptAnswer } from './kept-answers.ts'
import { type LocalDb, localDb, localWriteListeners, onLocalDbChange, userOfLocalDb } from './local-db.ts'
import { sameAnswer } from './same-answer.ts'
import { syncStatus, syncStatusAtom } from './sync-status.ts'

function subscribe(changed: () => void): () => void {
  const stop = onLocalDbChange(changed)
  return () => {
    stop()
  }
}

/**
 * The signed-in user's mirror, followed as it opens and closes. Read as an external store: a mirror
 * opened between a screen's first render and its effects (a screen whose code was already loaded,
 * offline) is not missed, as it was with a state copied at render and a listener added after.
 */
export function useLocalDb(): LocalDb | undefined {
  return useSyncExternalStore(subscribe, localDb)
}

/**
 * Last answers of queries that asked to be remembered, per mirror: dropped with the mirror's object
 * when its user signs out or another signs in.
 */
const remembered = new WeakMap<LocalDb, Map<string, unknown>>()

/**
 * How often a screen's query is asked again while a first sync fills the mirror. Each page written
 * made every query on screen run again on the main thread (Home has a dozen, the menu's counts read
 * every conversation) and each answer that changed redraw: the main thread was busy for most of a
 * first sync, a phone's taps waited, and Home's first pictures came late. What a first sync brings
 * after its first page is older than what Home shows, so a second between looks changes nothing.
 */
export const FILLING_FOLLOW_MS = 1000

/**
 * An answer that draws nothing yet (no rows, the mirror not started). The next one is drawn at once:
 * as a transition, a first sync's later pages kept restarting it, and Home's first news and banner
 * waited ~0.7 s after their page had landed.
 */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true
  if (Array.isArray(value)) return value.length === 0
  return (value instanceof Map || value instanceof Set) && value.size === 0
}

/**
 * A name for a query's answer, unique among screens: remembered for the page's life, and with
 * `acrossStarts` kept on the device for the app's next start too (kept-answers.ts), for the queries
 * of the screen the app opens on.
 */
export type Remember = string | { name: string; acrossStarts: true }

/**
 * `undefined` while loading; the query's answer (or `fallback` without a database) afterwards.
 *
 * With `remember` (a name for the query, unique among screens), a screen opened again draws the
 * answer of its last visit at once, and the live answer replaces it as a later answer: the calendar
 * waited ~50 ms for its 2,000 events on every visit before drawing the month. Kept across starts, the
 * first screen of a start draws the answer of the last one, before the mirror has opened.
 *
 * A query's first answer is drawn at once, and so is the first that fills an empty one (a first sync's
 * first page on an empty Home). Its later answers (the mirror changed: a sync page landed,
 * an outbox item settled) are drawn as a transition, which React interrupts to let the page answer a
 * tap: a first sync lands a page every few hundred milliseconds, and each used to redraw every screen
 * reading the mirror in one uninterrupted task (a phone froze for seconds while Home filled). A later
 * answer that holds what the last one held (the newest posts, as older ones land) is not drawn at all.
 *
 * While the mirror fills (`SyncStatus.filling`), a query that has drawn something is asked again at
 * most once every `FILLING_FOLLOW_MS` rather than at every page written by the pull worker, and at once
 * when the filling ends or this tab writes (what the person did shows at once).
 */
export function useLocalQuery<T>(
  query: (db: LocalDb) => Promise<T>,
  deps: unknown[],
  fallback?: T,
  remember?: Remember,
): T | undefined {
  const db = useLocalDb()
  const name = typeof remember === 'string' ? remember : remember?.name
  const acrossStarts = typeof remember === 'object'
  const answerKey = name && `${name}|${JSON.stringify(deps)}`
  const key = db ? answerKey : undefined
  // Kept across a change of inputs: the last answer stays on screen until the new query answers.
  const latest = useRef<{ value: T | undefined; error: unknown }>(undefined as never)
  const recalled = useRef(false)
  if (latest.current === undefined) {
    let value = key && db ? (remembered.get(db)?.get(key) as T | undefined) : undefined
    // A start's first screen: its mirror may not be open yet, its user is known.
    const userId = db ? userOfLocalDb(db) : store.get(userAtom)?.id
    if (value === undefined && acrossStarts && answerKey && userId !== undefined)
      value = keptAnswer(userId, answerKey) as T | undefined
    latest.current = { value, error: undefined }
    recalled.current = value !== undefined
  }
  const [, redraw] = useReducer((n: number) => n + 1, 0)
  // The caller lists the query's own inputs in `deps`; the database is added here.
  useEffect(() => {
    // A kept answer stays on screen until the mirror has opened and answers: the answer without one
    // (`fallback`) would put the skeletons back.
    if (!db && recalled.current) return
    // A remembered answer on screen makes the live one a later answer.
    let answered = recalled.current
    recalled.current = false
    let subscription: { unsubscribe(): void } | undefined
    let paused: ReturnType<typeof setTimeout> | undefined
    const follow = () => {
      paused = undefined
      subscription = liveQuery(() => (db ? query(db) : Promise.resolve(fallback))).subscribe({
        next: (value) => {
          show(value)
          if (syncStatus().filling && !isEmpty(value)) {
            subscription?.unsubscribe()
            paused = setTimeout(follow, FILLING_FOLLOW_MS)
          }
        },
        error: (error: unknown) => {
          latest.current = { value: latest.current.value, error }
          redraw()
        },
      })
    }
    const show = (value: T | undefined) => {
      const first = !answered
      answered = true
      if (key && db) {
        if (!remembered.has(db)) remembered.set(db, new Map())
        remembered.get(db)?.set(key, value)
        if (acrossStarts) keepAnswer(userOfLocalDb(db), key, value)
      }
      if (!first && latest.current.error === undefined && sameAnswer(value, latest.current.value)) return
      const drawNow = first || isEmpty(latest.current.value)
      latest.current = { value, error: undefined }
      if (drawNow) redraw()
      else startTransition(redraw)
    }
    const wake = () => {
      if (paused === undefined) return
      clearTimeout(paused)
      follow()
    }
    // The mirror filled (or the pull stopped): a paused query catches up at once and follows again.
    const stopWatching = store.sub(syncStatusAtom, () => !syncStatus().filling && wake())
    // This tab wrote (the person did something): drawn at once.
    localWriteListeners.add(wake)
    // A screen's queries all start in one round of effects, and Dexie holds the ones asked before the
    // mirror has opened to run them together: each starts in a task of its own once it is open, so
    // that a phone can draw and answer a tap between them (Home's dozen held one task of 130-170 ms at
    // Lighthouse's 4x slowdown).
    let gone = false
    let notStarted = () => {}
    const start = () => {
      if (!gone) notStarted = inTurn(follow)
    }
    // Opened here as the first query would open it; never a mirror closed on sign-out (an explicit open
    // would bring it back while it is being deleted) or one that failed to open: their queries are
    // left to Dexie, as before.
    if (db && !db.isOpen() && !db.hasFailed()) db.open().then(start, start)
    else start()
    return () => {
      gone = true
      notStarted()
      stopWatching()
      localWriteListeners.delete(wake)
      clearTimeout(paused)
      subscription?.unsubscribe()
    }
  }, [db, ...deps])
  // An error goes to the screen's error boundary, as before.
  if (latest.current.error !== undefined) throw latest.current.error
  return latest.current.value
}
