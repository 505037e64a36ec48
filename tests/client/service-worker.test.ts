// @vitest-environment jsdom
// A first install of the service worker that fails (one of the shell's files lost on a weak
// connection, or the worker's script itself) is tried again while the app stays open: later each time,
// and at once when the connection comes back. An update that fails under a working version is left to
// the browser, which checks again on the next navigation. "Update" always brings the new version.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing'
  readonly registration: FakeRegistration
  constructor(registration: FakeRegistration) {
    super()
    this.registration = registration
  }
  become(state: ServiceWorkerState) {
    this.state = state
    const registration = this.registration
    if (registration.installing === this) registration.installing = null
    if (state === 'installed') registration.waiting = this
    if (state === 'activated') registration.active = this
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null
  waiting: FakeWorker | null = null
  active: FakeWorker | null = null
}

let registration: FakeRegistration
let register: ReturnType<typeof vi.fn>
/** What each call of `register` does: install a new worker (the default), fail to fetch, or refuse. */
let answers: ('install' | 'fail' | 'refuse')[]

beforeEach(() => {
  vi.useFakeTimers()
  vi.resetModules()
  vi.stubEnv('DEV', false)
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  registration = new FakeRegistration()
  answers = []
  register = vi.fn(async () => {
    const answer = answers.shift()
    if (answer === 'fail') throw new TypeError('Failed to fetch /sw.js')
    if (answer === 'refuse') throw new DOMException('Only secure origins are allowed', 'SecurityError')
    if (!registration.active) registration.installing = new FakeWorker(registration)
    return registration
  })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: Object.assign(new EventTarget(), { register, controller: null }),
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

async function start() {
  const { registerServiceWorker, INSTALL_RETRY_MS } = await import('#client/platform/service-worker.ts')
  await registerServiceWorker().catch(() => {})
  return INSTALL_RETRY_MS
}

it('tries a failed install again after a while, longer each time, and at once when back online', async () => {
  const [first] = await start()
  expect(register).toHaveBeenCalledTimes(1)
  registration.installing?.become('redundant')
  await vi.advanceTimersByTimeAsync(first - 1)
  expect(register).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(register).toHaveBeenCalledTimes(2)

  registration.installing?.become('redundant')
  await vi.advanceTimersByTimeAsync(first)
  expect(register).toHaveBeenCalledTimes(2)
  window.dispatchEvent(new Event('online'))
  await vi.advanceTimersByTimeAsync(0)
  expect(register).toHaveBeenCalledTimes(3)

  registration.installing?.become('installed')
  registration.waiting?.become('activated')
  await vi.advanceTimersByTimeAsync(60 * 60_000)
  expect(register).toHaveBeenCalledTimes(3)
})

it("tries again when the worker's own script did not arrive", async () => {
  answers = ['fail']
  const [first] = await start()
  expect(register).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(first)
  expect(register).toHaveBeenCalledTimes(2)
  expect(registration.installing).not.toBeNull()
})

it('does not ask again where the browser refuses to register (not a secure origin)', async () => {
  answers = ['refuse']
  await start()
  await vi.advanceTimersByTimeAsync(60 * 60_000)
  expect(register).toHaveBeenCalledTimes(1)
})

it('never waits longer than the last delay between two tries', async () => {
  answers = Array(12).fill('fail')
  const [, last] = await start()
  for (let i = 0; i < 12; i++) await vi.advanceTimersByTimeAsync(last)
  expect(register).toHaveBeenCalledTimes(13)
})

it('leaves a failed update under a working version to the browser', async () => {
  registration.active = new FakeWorker(registration)
  registration.active.state = 'activated'
  await start()
  registration.installing = new FakeWorker(registration)
  registration.dispatchEvent(new Event('updatefound'))
  registration.installing.become('redundant')
  await vi.advanceTimersByTimeAsync(60 * 60_000)
  expect(register).toHaveBeenCalledTimes(1)
})

describe('"Update"', () => {
  let reload: ReturnType<typeof vi.fn>
  beforeEach(() => {
    reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    registration.active = new FakeWorker(registration)
    registration.active.state = 'activated'
    Object.assign(navigator.serviceWorker, { controller: registration.active })
  })
  afterEach(() => vi.unstubAllGlobals())

  async function offered() {
    await start()
    const { acceptUpdate, updateReadyAtom } = await import('#client/platform/service-worker.ts')
    const { store } = await import('#client/platform/store.ts')
    const next = new FakeWorker(registration)
    registration.installing = next
    registration.dispatchEvent(new Event('updatefound'))
    next.become('installed')
    expect(store.get(updateReadyAtom)).toBe(true)
    return { acceptUpdate, next }
  }

  it('lets the waiting version take over, and reloads the page once it controls it', async () => {
    const { acceptUpdate, next } = await offered()
    const told = vi.fn()
    Object.assign(next, { postMessage: told })
    acceptUpdate()
    expect(told).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    expect(reload).not.toHaveBeenCalled()
    navigator.serviceWorker.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads at once when another tab already accepted the new version', async () => {
    const { acceptUpdate, next } = await offered()
    next.become('activated')
    registration.waiting = null
    acceptUpdate()
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
