// @vitest-environment jsdom
// A family scrolls the Benefits directory and calls a bakery: the device sums what was seen and
// pressed per business and offer, and sends only those sums, in batches, keeping them through
// failures and never sending the same ones twice.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  benefitCountsKey,
  countClick,
  countImpression,
  FLUSH_INTERVAL_MS,
  flushBenefitCounts,
  pendingBenefitCounts,
  watchBenefitCounts,
} from '#client/platform/benefit-counts.ts'
import { BENEFIT_COUNT_MAX } from '#shared/benefits.schema.ts'

type Sent = { url: string; body: { items: Record<string, unknown>[] } }
const sent: Sent[] = []
let answers: (() => Promise<Response>)[] = []
let stopWatching: (() => void) | undefined

const networkDown = () => Promise.reject(new TypeError('Failed to fetch'))
const status = (code: number) => async () => new Response(code === 204 ? null : '{}', { status: code })
const stored = () => JSON.parse(localStorage.getItem(benefitCountsKey()) ?? 'null')
const setOnline = (online: boolean) =>
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online })

beforeEach(() => {
  localStorage.clear()
  localStorage.setItem('token', 'family-token')
  sent.length = 0
  answers = []
  setOnline(true)
  vi.useFakeTimers()
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url: String(url), body: JSON.parse(String(init.body)) })
    const next = answers.shift()
    return next ? next() : new Response(null, { status: 204 })
  })
})

afterEach(() => {
  stopWatching?.()
  stopWatching = undefined
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('summing on the device', () => {
  it('sums impressions and clicks per item, in storage under a key of this host', () => {
    countImpression('pyme', 'bakery')
    countImpression('pyme', 'bakery')
    countImpression('promotion', 'bread-2x1')
    countClick('pyme', 'bakery')

    expect(benefitCountsKey()).toContain(window.location.host)
    expect(stored()).toEqual({
      'pyme:bakery': { impressions: 2, clicks: 1 },
      'promotion:bread-2x1': { impressions: 1, clicks: 0 },
    })
    expect(pendingBenefitCounts()).toEqual([
      { kind: 'pyme', id: 'bakery', impressions: 2, clicks: 1 },
      { kind: 'promotion', id: 'bread-2x1', impressions: 1, clicks: 0 },
    ])
  })

  it('ignores what someone wrote into storage by hand', () => {
    localStorage.setItem(
      benefitCountsKey(),
      JSON.stringify({ 'pyme:ok': { impressions: 1, clicks: 0 }, 'user:7': { impressions: 1, clicks: 1 } }),
    )
    expect(pendingBenefitCounts()).toEqual([{ kind: 'pyme', id: 'ok', impressions: 1, clicks: 0 }])
  })

  it('sums an advertising banner seen on the home and pressed, and sends it like the rest', async () => {
    countImpression('banner', 'back-to-school')
    countClick('banner', 'back-to-school')

    expect(stored()).toEqual({ 'banner:back-to-school': { impressions: 1, clicks: 1 } })
    expect(pendingBenefitCounts()).toEqual([
      { kind: 'banner', id: 'back-to-school', impressions: 1, clicks: 1 },
    ])

    await flushBenefitCounts()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body.items).toEqual([{ kind: 'banner', id: 'back-to-school', impressions: 1, clicks: 1 }])
    expect(pendingBenefitCounts()).toEqual([])
  })
})

describe('sending', () => {
  it('sends every sum in one request, with no one in it, and then nothing more', async () => {
    countImpression('pyme', 'bakery')
    countClick('pyme', 'bakery')
    countImpression('promotion', 'bread-2x1')

    await flushBenefitCounts()

    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toBe('/api/v1/benefits/counts')
    expect(sent[0]!.body).toEqual({
      items: [
        { kind: 'pyme', id: 'bakery', impressions: 1, clicks: 1 },
        { kind: 'promotion', id: 'bread-2x1', impressions: 1, clicks: 0 },
      ],
    })
    // Only the four fields of the contract: no user, no device, no time.
    for (const item of sent[0]!.body.items)
      expect(Object.keys(item).sort()).toEqual(['clicks', 'id', 'impressions', 'kind'])
    expect(stored()).toBeNull()

    await flushBenefitCounts()
    expect(sent).toHaveLength(1)
  })

  it('keeps the sums when the network fails, and sends them summed once it is back', async () => {
    answers = [networkDown]
    countImpression('pyme', 'bakery')
    await flushBenefitCounts()
    expect(sent).toHaveLength(1)
    expect(stored()).toEqual({ 'pyme:bakery': { impressions: 1, clicks: 0 } })

    countImpression('pyme', 'bakery')
    countClick('pyme', 'bakery')
    await flushBenefitCounts()

    expect(sent).toHaveLength(2)
    expect(sent[1]!.body.items).toEqual([{ kind: 'pyme', id: 'bakery', impressions: 2, clicks: 1 }])
    expect(stored()).toBeNull()
  })

  it('keeps the sums on a server error or while signed out', async () => {
    answers = [status(500), status(401), status(429)]
    countClick('pyme', 'bakery')
    await flushBenefitCounts()
    await flushBenefitCounts()
    await flushBenefitCounts()
    expect(sent).toHaveLength(3)
    expect(pendingBenefitCounts()).toEqual([{ kind: 'pyme', id: 'bakery', impressions: 0, clicks: 1 }])
  })

  it('drops what the server refuses for good (a college that stopped advertising)', async () => {
    answers = [status(403)]
    countClick('pyme', 'bakery')
    await flushBenefitCounts()
    expect(pendingBenefitCounts()).toEqual([])
  })

  it('keeps what was counted while a request was on its way, and does not send the rest again', async () => {
    let answer: (response: Response) => void = () => {}
    answers = [() => new Promise<Response>((resolve) => (answer = resolve)), status(204)]
    countImpression('pyme', 'bakery')
    const flushing = flushBenefitCounts()
    await vi.advanceTimersByTimeAsync(0)

    countImpression('pyme', 'bakery')
    countClick('pyme', 'florist')
    answer(new Response(null, { status: 204 }))
    await flushing

    // The first request carried the first impression; the next one exactly what came meanwhile.
    expect(sent.map((s) => s.body.items)).toEqual([
      [{ kind: 'pyme', id: 'bakery', impressions: 1, clicks: 0 }],
      [
        { kind: 'pyme', id: 'bakery', impressions: 1, clicks: 0 },
        { kind: 'pyme', id: 'florist', impressions: 0, clicks: 1 },
      ],
    ])
    expect(pendingBenefitCounts()).toEqual([])
  })

  it('a failed request keeps both what it carried and what came meanwhile, summed', async () => {
    let answer: (response: Response) => void = () => {}
    answers = [() => new Promise<Response>((resolve) => (answer = resolve))]
    countImpression('pyme', 'bakery')
    const flushing = flushBenefitCounts()
    await vi.advanceTimersByTimeAsync(0)
    countImpression('pyme', 'bakery')
    answer(new Response('{}', { status: 503 }))
    await flushing

    expect(sent).toHaveLength(1)
    expect(pendingBenefitCounts()).toEqual([{ kind: 'pyme', id: 'bakery', impressions: 2, clicks: 0 }])
  })

  it('splits large sums into the sizes the server accepts', async () => {
    for (let i = 0; i < BENEFIT_COUNT_MAX + 20; i++) countImpression('pyme', 'bakery')
    for (let i = 0; i < 230; i++) countClick('promotion', `offer-${i}`)

    await flushBenefitCounts()

    expect(sent.every((s) => s.body.items.length <= 200)).toBe(true)
    const all = sent.flatMap((s) => s.body.items) as { id: string; impressions: number; clicks: number }[]
    expect(
      all.every((item) => item.impressions <= BENEFIT_COUNT_MAX && item.clicks <= BENEFIT_COUNT_MAX),
    ).toBe(true)
    const bakery = all.filter((item) => item.id === 'bakery').reduce((sum, item) => sum + item.impressions, 0)
    expect(bakery).toBe(BENEFIT_COUNT_MAX + 20)
    expect(all.filter((item) => item.id.startsWith('offer-'))).toHaveLength(230)
    expect(stored()).toBeNull()
  })

  it('does not try while the device is offline', async () => {
    setOnline(false)
    countClick('pyme', 'bakery')
    await flushBenefitCounts()
    expect(sent).toHaveLength(0)
    expect(pendingBenefitCounts()).toHaveLength(1)
  })
})

describe('when it sends', () => {
  it('sends what an earlier visit left as soon as it starts, then every 30 seconds', async () => {
    countImpression('pyme', 'left-from-yesterday')
    stopWatching = watchBenefitCounts()
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toHaveLength(1)

    countImpression('pyme', 'bakery')
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS - 1_000)
    expect(sent).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sent).toHaveLength(2)
    expect(sent[1]!.body.items).toEqual([{ kind: 'pyme', id: 'bakery', impressions: 1, clicks: 0 }])

    // Nothing new: the timer sends nothing.
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 3)
    expect(sent).toHaveLength(2)
  })

  it('sends when the page is hidden', async () => {
    stopWatching = watchBenefitCounts()
    await vi.advanceTimersByTimeAsync(0)
    countClick('pyme', 'bakery')
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toHaveLength(1)
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
  })

  it('sends when the connection returns', async () => {
    setOnline(false)
    stopWatching = watchBenefitCounts()
    countClick('pyme', 'bakery')
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS)
    expect(sent).toHaveLength(0)

    setOnline(true)
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toHaveLength(1)
    expect(pendingBenefitCounts()).toEqual([])
  })

  it('starts once however many times the page asks', async () => {
    stopWatching = watchBenefitCounts()
    expect(watchBenefitCounts()).toBe(stopWatching)
    countClick('pyme', 'bakery')
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS)
    expect(sent).toHaveLength(1)
  })
})
