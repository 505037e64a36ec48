// Counting without tracking people: how many times each business, offer and advertising banner was seen
// and how many times someone pressed Call, WhatsApp or a link, summed per item on this device and sent
// in batches.
// Only sums leave the device, never who, when or in which order.
//
// The sums live in localStorage (one key per host, so a tab closed before sending loses nothing) with
// a copy in memory for when storage is not available. A flush sends what is there, at most
// `BENEFIT_COUNT_MAX` per item and 200 items a request, and on success subtracts exactly what it sent,
// so what was counted meanwhile stays and nothing is sent twice. A failure keeps everything for the
// next try; an answer that can never succeed (the college stopped advertising) drops what it carried.
import {
  BENEFIT_COUNT_MAX,
  BENEFIT_KINDS,
  type BenefitCounts,
  type BenefitKind,
} from '#shared/benefits.schema.ts'
import { api, HttpError } from './api.ts'

export const FLUSH_INTERVAL_MS = 30_000
const ITEMS_PER_REQUEST = 200
/** A flush sends a few requests at most; what is left waits for the next one. */
const REQUESTS_PER_FLUSH = 10
/** Answers worth trying again: signed out for now, too many requests, the server down. */
const RETRY_STATUSES = new Set([401, 408, 429])

type Tally = { impressions: number; clicks: number }
type Tallies = Record<string, Tally>
type CountItem = BenefitCounts['items'][number] & Tally

export function benefitCountsKey(host = window.location.host): string {
  return `benefits.counts.${host}`
}

let memory: Tallies = {}
/** False once storage refused a write (full, blocked): memory is then the only copy. */
let stored = true

const keyOf = (kind: BenefitKind, id: string) => `${kind}:${id}`
const isKind = (kind: string | undefined): kind is BenefitKind =>
  (BENEFIT_KINDS as readonly (string | undefined)[]).includes(kind)
const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0

function itemOf(key: string, tally: Tally): CountItem | undefined {
  const [kind, ...rest] = key.split(':')
  const id = rest.join(':')
  if (!isKind(kind) || !id || id.length > 40) return undefined
  return { kind, id, impressions: tally.impressions, clicks: tally.clicks }
}

function read(): Tallies {
  if (!stored) return memory
  try {
    const raw = localStorage.getItem(benefitCountsKey())
    const parsed = raw ? (JSON.parse(raw) as unknown) : {}
    const tallies: Tallies = {}
    if (parsed && typeof parsed === 'object') {
      for (const [key, value] of Object.entries(parsed as Record<string, Partial<Tally>>)) {
        if (!value || !isCount(value.impressions) || !isCount(value.clicks)) continue
        if (itemOf(key, value as Tally))
          tallies[key] = { impressions: value.impressions, clicks: value.clicks }
      }
    }
    memory = tallies
  } catch {
    // Storage blocked or broken: the copy in memory is all there is.
  }
  return memory
}

function write(tallies: Tallies): void {
  memory = tallies
  try {
    if (Object.keys(tallies).length) localStorage.setItem(benefitCountsKey(), JSON.stringify(tallies))
    else localStorage.removeItem(benefitCountsKey())
  } catch {
    stored = false
  }
}

function add(kind: BenefitKind, id: string, field: keyof Tally): void {
  if (!id) return
  const tallies = read()
  const tally = tallies[keyOf(kind, id)] ?? { impressions: 0, clicks: 0 }
  tally[field] += 1
  tallies[keyOf(kind, id)] = tally
  write(tallies)
}

/** A business or an offer was on screen (the caller counts it once per page view). */
export function countImpression(kind: BenefitKind, id: string): void {
  add(kind, id, 'impressions')
}

/** Someone pressed Call, WhatsApp or a link of a business (or of an offer). */
export function countClick(kind: BenefitKind, id: string): void {
  add(kind, id, 'clicks')
}

/** What is waiting to be sent, as the server reads it. */
export function pendingBenefitCounts(): CountItem[] {
  return Object.entries(read())
    .map(([key, tally]) => itemOf(key, tally))
    .filter((item): item is CountItem => item !== undefined)
}

function nextBatch(): CountItem[] {
  return pendingBenefitCounts()
    .slice(0, ITEMS_PER_REQUEST)
    .map((item) => ({
      ...item,
      impressions: Math.min(item.impressions, BENEFIT_COUNT_MAX),
      clicks: Math.min(item.clicks, BENEFIT_COUNT_MAX),
    }))
}

/** Takes away what was sent (or refused for good); what was counted meanwhile stays. */
function subtract(sent: CountItem[]): void {
  const tallies = read()
  for (const item of sent) {
    const key = keyOf(item.kind, item.id)
    const tally = tallies[key]
    if (!tally) continue
    tally.impressions = Math.max(0, tally.impressions - item.impressions)
    tally.clicks = Math.max(0, tally.clicks - item.clicks)
    if (tally.impressions === 0 && tally.clicks === 0) delete tallies[key]
  }
  write(tallies)
}

type Outcome = 'sent' | 'keep' | 'drop'

async function post(items: CountItem[]): Promise<Outcome> {
  try {
    const response = await api.post('api/v1/benefits/counts', { json: { items } satisfies BenefitCounts })
    if (response.ok) return 'sent'
    return RETRY_STATUSES.has(response.status) || response.status >= 500 ? 'keep' : 'drop'
  } catch (error) {
    if (error instanceof HttpError) {
      const status = error.response.status
      return RETRY_STATUSES.has(status) || status >= 500 ? 'keep' : 'drop'
    }
    // The network: try again later.
    return 'keep'
  }
}

async function sendPending(): Promise<void> {
  for (let round = 0; round < REQUESTS_PER_FLUSH; round++) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return
    const batch = nextBatch()
    if (batch.length === 0) return
    const outcome = await post(batch)
    if (outcome === 'keep') return
    subtract(batch)
  }
}

let flushing: Promise<void> | undefined
let again = false

/**
 * Sends what is waiting. A call during a flush runs one more after it. Tabs take turns (Web Locks,
 * where the browser has them), so two tabs never send the same sums.
 */
export function flushBenefitCounts(): Promise<void> {
  if (flushing) {
    again = true
    return flushing
  }
  flushing = (async () => {
    try {
      do {
        again = false
        const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
        if (locks) await locks.request('benefit-counts', () => sendPending())
        else await sendPending()
      } while (again)
    } finally {
      flushing = undefined
    }
  })()
  return flushing
}

let unwatch: (() => void) | undefined

/**
 * Sends every ~30 s, when the page is hidden (a phone switching apps) and when the connection returns.
 * Started by the Benefits page and by a banner's place (the home, the news feed) and kept for the rest
 * of the visit, so leaving them loses nothing; once is enough (a second call returns the same stop).
 */
export function watchBenefitCounts(): () => void {
  if (unwatch) return unwatch
  const flush = () => void flushBenefitCounts()
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush()
  }
  const timer = setInterval(flush, FLUSH_INTERVAL_MS)
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('online', flush)
  // What an earlier visit could not send.
  flush()
  const stop = () => {
    clearInterval(timer)
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('online', flush)
    unwatch = undefined
  }
  unwatch = stop
  return stop
}
