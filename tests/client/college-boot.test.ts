// @vitest-environment jsdom
// A first visit draws with the college the server wrote into the page, and a signed-out visitor's
// first screen never waits for the network once the college is known.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COLLEGE_CACHE_KEY } from '#client/platform/storage-keys.ts'
import { TOKEN_STORAGE_KEY } from '#shared/constants.ts'

const PAGE_COLLEGE = {
  id: 7,
  name: 'Liceo Andino',
  domain: {
    college_logo: '/media/colleges/7/logo.png',
    college_image: '/default/app.jpeg',
    language: 'en',
    theme_color: '#0f766e',
    timezone: 'America/Lima',
    currency: 'PEN',
  },
  suspended: false,
  have_advertising: true,
}

function writePageData(text: string): void {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = 'college-data'
  script.textContent = text
  document.head.append(script)
}

async function freshModules() {
  vi.resetModules()
  const college = await import('#client/platform/college.ts')
  const { store } = await import('#client/platform/store.ts')
  return { college, store }
}

beforeEach(() => {
  localStorage.clear()
  document.head.innerHTML = ''
})
afterEach(() => vi.unstubAllGlobals())

describe("the college at the app's start", () => {
  it('comes from the page on a first visit', async () => {
    writePageData(JSON.stringify(PAGE_COLLEGE))
    const { college, store } = await freshModules()
    expect(store.get(college.collegeAtom)).toMatchObject({
      id: 7,
      name: 'Liceo Andino',
      language: 'en',
      color: '#0f766e',
      timezone: 'America/Lima',
      // The fee screens write amounts in it without asking the server, offline too.
      currency: 'PEN',
      advertising: true,
    })
  })

  it("is the device's own copy when there is one (the service worker's page may be older)", async () => {
    writePageData(JSON.stringify(PAGE_COLLEGE))
    localStorage.setItem(
      COLLEGE_CACHE_KEY,
      JSON.stringify({
        id: 7,
        name: 'Liceo Andino (renamed)',
        logo: '',
        image: '',
        language: 'es',
        advertising: false,
      }),
    )
    const { college, store } = await freshModules()
    expect(store.get(college.collegeAtom).name).toBe('Liceo Andino (renamed)')
  })

  it('falls back to the defaults when the page data is broken', async () => {
    writePageData('{"id": 7, "name": ')
    const { college, store } = await freshModules()
    expect(store.get(college.collegeAtom)).toEqual(college.DEFAULT_COLLEGE)
  })
})

/** A server that knows Ana and says her session is `sessionCollege`'s; the paths asked, in order. */
function signedInAnswers(sessionCollege: string): string[] {
  const asked: string[] = []
  const answers: Record<string, unknown> = {
    '/api/v1/user': { id: 5, name: 'Ana', college_id: null },
    '/api/v1/session/college': { name: sessionCollege },
    '/api/colleges/domain': PAGE_COLLEGE,
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const path = new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname
      asked.push(path)
      return Response.json(answers[path] ?? {})
    }),
  )
  return asked
}

describe('the session check before the first screen', () => {
  // A connection that never answers: the bus with one bar of signal.
  const hang = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    )
  const settled = (promise: Promise<unknown>) =>
    Promise.race([promise.then(() => true), new Promise((r) => setTimeout(() => r(false), 200))])

  it('does not wait for the network when signed out and the college is known from the page', async () => {
    writePageData(JSON.stringify(PAGE_COLLEGE))
    hang()
    vi.resetModules()
    const { refreshSession } = await import('#client/platform/auth-actions.ts')
    expect(await settled(refreshSession())).toBe(true)
  })

  it('with a token and no known user, asks for the user beside the college, not after it', async () => {
    writePageData(JSON.stringify(PAGE_COLLEGE))
    localStorage.setItem(TOKEN_STORAGE_KEY, 'a-token')
    const asked: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn((input: Request | string) => {
        asked.push(new URL(typeof input === 'string' ? input : input.url, 'http://localhost').pathname)
        return new Promise<Response>(() => undefined)
      }),
    )
    vi.resetModules()
    const { refreshSession } = await import('#client/platform/auth-actions.ts')
    void refreshSession()
    await vi.waitFor(() => expect(asked).toContain('/api/v1/user'))
    expect(asked).toContain('/api/colleges/domain')
    // The college's session too: each waited for the one before, round trips before Home's first screen.
    expect(asked).toContain('/api/v1/session/college')
  })

  it('started at boot, is the one the first navigation waits for: each is asked once', async () => {
    writePageData(JSON.stringify(PAGE_COLLEGE))
    localStorage.setItem(TOKEN_STORAGE_KEY, 'a-token')
    const asked = signedInAnswers('Liceo Andino')
    vi.resetModules()
    const { refreshSession, startSessionCheck } = await import('#client/platform/auth-actions.ts')
    const { userAtom, loggedInAtom } = await import('#client/platform/session.ts')
    const { store } = await import('#client/platform/store.ts')
    startSessionCheck()
    await refreshSession()
    expect(store.get(userAtom)?.name).toBe('Ana')
    expect(store.get(loggedInAtom)).toBe(true)
    expect(asked.filter((path) => path === '/api/v1/user')).toHaveLength(1)
    expect(asked.filter((path) => path === '/api/v1/session/college')).toHaveLength(1)
  })

  it('asked beside the user, a session of another college still signs the token out', async () => {
    writePageData(JSON.stringify(PAGE_COLLEGE))
    localStorage.setItem(TOKEN_STORAGE_KEY, 'a-token')
    signedInAnswers('Colegio Vecino')
    vi.resetModules()
    const { refreshSession } = await import('#client/platform/auth-actions.ts')
    const { loggedInAtom } = await import('#client/platform/session.ts')
    const { store } = await import('#client/platform/store.ts')
    await refreshSession()
    expect(store.get(loggedInAtom)).toBe(false)
  })

  it('waits for the college when nothing knows it yet', async () => {
    hang()
    vi.resetModules()
    const { refreshSession } = await import('#client/platform/auth-actions.ts')
    expect(await settled(refreshSession())).toBe(false)
  })
})
