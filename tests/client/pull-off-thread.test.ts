// The page's side of the pull worker: what it asks, what it makes of the answers, and how a tab whose
// worker cannot start still pulls. The worker itself runs in a real browser (tests/e2e/shell).
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PullReply, PullRequest } from '#client/platform/sync/pull-messages.ts'
import { pull, stopPullWorker, warmPullWorker } from '#client/platform/sync/pull-off-thread.ts'
import { syncStatus } from '#client/platform/sync/sync-status.ts'
import { type Harness, startHarness } from './helpers/sync-harness.ts'

/** Stands in for the browser's Worker: each request is answered by `answer`, or never. */
class ScriptedWorker {
  static answer: (request: PullRequest) => PullReply | 'never' | 'cannot-start' = () => 'never'
  static requests: PullRequest[] = []
  static terminated = 0
  static started = 0
  onmessage: ((event: { data: PullReply }) => void) | null = null
  onerror: ((event: { preventDefault: () => void }) => void) | null = null

  constructor() {
    ScriptedWorker.started++
  }

  postMessage(request: PullRequest): void {
    ScriptedWorker.requests.push(request)
    const reply = ScriptedWorker.answer(request)
    if (reply === 'cannot-start') setTimeout(() => this.onerror?.({ preventDefault: () => undefined }))
    else if (reply !== 'never') setTimeout(() => this.onmessage?.({ data: reply }))
  }

  terminate(): void {
    ScriptedWorker.terminated++
  }
}

let h: Harness

beforeEach(async () => {
  h = await startHarness()
  ScriptedWorker.requests = []
  ScriptedWorker.terminated = 0
  ScriptedWorker.started = 0
  vi.stubGlobal('Worker', ScriptedWorker)
})

afterEach(async () => {
  vi.unstubAllGlobals()
  await h.stop()
})

// In this order: a worker that cannot start leaves the module pulling in its own thread for good.
describe('the pull worker, seen from the page', () => {
  it("asks for the signed-in user's mirror with the token and language, and hands back the worker's result", async () => {
    await h.signIn('guardian@demo.test')
    const db = h.newDb('college-app-u42')
    ScriptedWorker.answer = ({ id }) => ({ id, result: { pages: 3, changes: 1200, reset: false } })

    await expect(pull(db)).resolves.toEqual({ pages: 3, changes: 1200, reset: false })
    expect(ScriptedWorker.requests).toEqual([
      {
        id: expect.any(Number),
        dbName: 'college-app-u42',
        baseUrl: 'http://localhost',
        token: h.token,
        language: 'en',
      },
    ])
    ScriptedWorker.answer = ({ id }) => ({ id, result: 'unauthorized' })
    await expect(pull(db)).resolves.toBe('unauthorized')
  })

  it('a quota error in the worker pauses sync here, as one in this thread does', async () => {
    const db = h.newDb()
    ScriptedWorker.answer = ({ id }) => ({ id, error: 'The quota has been exceeded.', quota: true })

    await expect(pull(db)).rejects.toMatchObject({ name: 'QuotaExceededError' })
    expect(syncStatus().storageFull).toBe(true)
  })

  it('another failure (offline, a 5xx) is thrown for the next trigger to try again, and does not pause sync', async () => {
    const db = h.newDb()
    ScriptedWorker.answer = ({ id }) => ({ id, error: 'Failed to fetch', quota: false })

    await expect(pull(db)).rejects.toThrow('Failed to fetch')
    expect(syncStatus().storageFull).toBe(false)
  })

  it('offline, no worker is started and nothing is asked: the pull fails at once, for going online to retry', async () => {
    const db = h.newDb()
    ScriptedWorker.answer = ({ id }) => ({ id, result: { pages: 1, changes: 0, reset: false } })
    vi.stubGlobal('navigator', { onLine: false })

    await expect(pull(db)).rejects.toThrow('offline')
    expect(ScriptedWorker.requests).toEqual([])
    vi.stubGlobal('navigator', { onLine: true })
    await expect(pull(db)).resolves.toMatchObject({ pages: 1 })
  })

  it("signing out ends the worker and its pull (a page half written is undone with the worker's transaction)", async () => {
    const db = h.newDb()
    ScriptedWorker.answer = () => 'never'
    const pulling = pull(db)
    stopPullWorker()

    await expect(pulling).rejects.toThrow('sync stopped')
    expect(ScriptedWorker.terminated).toBe(1)
  })

  it("starting sync online loads the worker's script before any pull is asked, tells it the mirror (its first page can be asked at once), and the first pull uses that worker", async () => {
    stopPullWorker()
    await h.signIn('guardian@demo.test')
    const db = h.newDb('college-app-u42')
    ScriptedWorker.answer = () => 'never'
    vi.stubGlobal('navigator', { onLine: false })
    warmPullWorker(db)
    expect(ScriptedWorker.started).toBe(0)

    vi.stubGlobal('navigator', { onLine: true })
    warmPullWorker(db)
    expect(ScriptedWorker.started).toBe(1)
    const mirror = { dbName: 'college-app-u42', baseUrl: 'http://localhost', token: h.token, language: 'en' }
    expect(ScriptedWorker.requests).toEqual([{ warm: true, ...mirror }])
    ScriptedWorker.answer = ({ id }) => ({ id, result: { pages: 1, changes: 5, reset: false } })
    await expect(pull(db)).resolves.toMatchObject({ changes: 5 })
    expect(ScriptedWorker.requests.at(-1)).toEqual({ id: expect.any(Number), ...mirror })
    warmPullWorker(db)
    expect(ScriptedWorker.started).toBe(1)
  })

  it('a worker whose script cannot load: the tab pulls in its own thread, now and from then on', async () => {
    await h.signIn('guardian@demo.test')
    const db = h.newDb()
    ScriptedWorker.answer = () => 'cannot-start'

    const result = await pull(db)
    expect(result).toMatchObject({ pages: 1 })
    expect(await db.posts.count()).toBeGreaterThan(0)
    expect(h.net.reached('GET', '/api/v1/sync').length).toBeGreaterThan(0)

    const asked = ScriptedWorker.requests.length
    await pull(db)
    expect(ScriptedWorker.requests).toHaveLength(asked)
  })
})
