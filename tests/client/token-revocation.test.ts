// @vitest-environment jsdom
// A sign-out made offline revokes the token once the connection is really back: the first requests
// after reconnecting may still fail, and a sign-out during a flush must not lose its token.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PENDING_REVOCATIONS_KEY } from '#client/platform/storage-keys.ts'
import { flushPendingRevocations, revokeSoon } from '#client/platform/token-revocation.ts'

const pending = () => JSON.parse(localStorage.getItem(PENDING_REVOCATIONS_KEY) ?? '[]') as string[]
let answers: (() => Promise<Response>)[] = []
const sent: string[] = []

beforeEach(() => {
  localStorage.clear()
  sent.length = 0
  answers = []
  vi.useFakeTimers()
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(String((init.headers as Record<string, string>).Authorization))
    const next = answers.shift()
    return next ? next() : new Response(null, { status: 204 })
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const networkDown = () => Promise.reject(new TypeError('Failed to fetch'))

describe('revoking a token', () => {
  it('keeps a token the network refused, and tries again on its own until the server has it', async () => {
    answers = [networkDown, networkDown, networkDown]
    revokeSoon('t1')
    // Asked again during the first attempt (as the 'online' event does): one more attempt right after.
    await flushPendingRevocations()
    expect(pending()).toEqual(['t1'])
    expect(sent).toHaveLength(2)
    // One second later, then two: the second retry reaches the server.
    await vi.advanceTimersByTimeAsync(1_000)
    expect(pending()).toEqual(['t1'])
    await vi.advanceTimersByTimeAsync(2_000)
    expect(pending()).toEqual([])
    expect(sent).toEqual(['Bearer t1', 'Bearer t1', 'Bearer t1', 'Bearer t1'])
    // Nothing left: no more requests.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sent).toHaveLength(4)
  })

  it('a 401 counts as done (the server no longer knows the token)', async () => {
    answers = [async () => new Response(null, { status: 401 })]
    revokeSoon('gone')
    await flushPendingRevocations()
    expect(pending()).toEqual([])
  })

  it('a sign-out during a flush keeps its token, and it is sent too', async () => {
    let release: (r: Response) => void = () => {}
    answers = [() => new Promise<Response>((resolve) => (release = resolve))]
    revokeSoon('first')
    await vi.advanceTimersByTimeAsync(0)
    revokeSoon('second')
    expect(pending().sort()).toEqual(['first', 'second'])
    release(new Response(null, { status: 204 }))
    await vi.advanceTimersByTimeAsync(0)
    await flushPendingRevocations()
    expect(pending()).toEqual([])
    expect(sent).toEqual(['Bearer first', 'Bearer second'])
  })
})
