// The last answers of a first screen's queries (Home's news, notifications, events, banner), kept on
// the device across starts of the app, per user. Opened from the home screen, the app drew Home's
// skeletons until the mirror had opened and answered each query: ~0.3 s after Home's first render on
// this project's 2-core machine, most of an offline cold start past the scripts. The kept answers are
// drawn in that first render, as an installed app reopens on its last screen, and the live answers
// replace them (a transition, nothing redrawn when they are the same). Deleted on sign-out.
import { KEPT_ANSWERS_PREFIX } from '../storage-keys.ts'
import { sameAnswer } from './same-answer.ts'

/** What was written by another build is not read: its rows may have another shape. */
declare const __APP_BUILD__: string
const BUILD = typeof __APP_BUILD__ === 'string' ? __APP_BUILD__ : 'dev'

/** Past these, the answers written longest ago are left out: a kept screen, not a second mirror. */
const MAX_ANSWERS = 24
const MAX_CHARS = 192 * 1024
/** Written this long after the last change, and at once when the page is hidden or left. */
const SAVE_AFTER_MS = 1500

type Stored = { build: string; answers: [key: string, value: unknown][] }

/** Per user: the answers read at start, then those of this page's life, oldest written first. */
const byUser = new Map<number, Map<string, unknown>>()
const unsaved = new Set<number>()
let saveTimer: ReturnType<typeof setTimeout> | undefined
let watchingPage = false

const storageKey = (userId: number) => `${KEPT_ANSWERS_PREFIX}${userId}`

// JSON keeps what a query answers (rows of the mirror, Maps and Sets of them); these tags say which
// arrays were Maps and Sets. Nothing of the mirror's rows has such a key.
const MAP = '\u0000map'
const SET = '\u0000set'

function encode(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { [MAP]: [...value] }
  if (value instanceof Set) return { [SET]: [...value] }
  return value
}

function decode(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    if (MAP in value) return new Map((value as { [MAP]: [unknown, unknown][] })[MAP])
    if (SET in value) return new Set((value as { [SET]: unknown[] })[SET])
  }
  return value
}

function answersOf(userId: number): Map<string, unknown> {
  let answers = byUser.get(userId)
  if (answers) return answers
  answers = new Map()
  try {
    const text = localStorage.getItem(storageKey(userId))
    const stored = text ? (JSON.parse(text, decode) as Stored) : undefined
    if (stored?.build === BUILD && Array.isArray(stored.answers)) answers = new Map(stored.answers)
  } catch {
    // Unreadable (cut short, storage refused): nothing kept, the mirror answers as before.
  }
  byUser.set(userId, answers)
  return answers
}

/** The answer `key` had when this user last saw it, if this build kept one. */
export function keptAnswer(userId: number, key: string): unknown {
  return answersOf(userId).get(key)
}

/** `value` is what `key` answers now: kept for the next start (written a moment later). */
export function keepAnswer(userId: number, key: string, value: unknown): void {
  const answers = answersOf(userId)
  if (answers.has(key) && sameAnswer(answers.get(key), value)) return
  // Moved last: the oldest written are the first left out.
  answers.delete(key)
  if (value !== undefined) answers.set(key, value)
  unsaved.add(userId)
  watchPage()
  clearTimeout(saveTimer)
  saveTimer = setTimeout(saveKeptAnswers, SAVE_AFTER_MS)
}

/** Writes what changed; also when the page is hidden (a phone's app switcher may end it next). */
export function saveKeptAnswers(): void {
  clearTimeout(saveTimer)
  saveTimer = undefined
  for (const userId of unsaved) {
    const answers = answersOf(userId)
    while (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value as string)
    let text = serialize(answers)
    while (text.length > MAX_CHARS && answers.size > 0) {
      answers.delete(answers.keys().next().value as string)
      text = serialize(answers)
    }
    try {
      localStorage.setItem(storageKey(userId), text)
    } catch {
      // Storage full or refused: the next start waits for the mirror, as it did before.
    }
  }
  unsaved.clear()
}

function serialize(answers: Map<string, unknown>): string {
  return JSON.stringify({ build: BUILD, answers: [...answers] } satisfies Stored, encode)
}

function watchPage(): void {
  if (watchingPage || typeof window === 'undefined') return
  watchingPage = true
  window.addEventListener('pagehide', saveKeptAnswers)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveKeptAnswers()
  })
}

/**
 * Sign-out: this page's copies are dropped, and no write still to come puts them back after the
 * sign-out has deleted the stored ones (local-data.ts, which the sign-in page runs without this file).
 */
export function forgetKeptAnswers(): void {
  clearTimeout(saveTimer)
  saveTimer = undefined
  unsaved.clear()
  byUser.clear()
}
