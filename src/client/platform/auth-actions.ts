// Sign-in, sign-out and the session check that runs before every navigation (spec sections 4, 7).
import type { CollegeSession, LoginResult, User } from '#shared/api-types.ts'
import { api, HttpError, isNetworkError } from './api.ts'
import { collegeAtom, loadCollege } from './college.ts'
import { reportInstalledApp } from './installed-app.ts'
import { clearUserData } from './local-data.ts'
import { onlineAtom } from './online.ts'
import { turnOffPush } from './push-subscription.ts'
import {
  cachedUser,
  cacheUser,
  loadingAtom,
  loggedInAtom,
  loginErrorAtom,
  tokenAtom,
  userAtom,
} from './session.ts'
import { store } from './store.ts'
import { configureSync } from './sync/sync-config.ts'
import { flushPendingRevocations, rememberRevocation } from './token-revocation.ts'
import { readStoredToken } from './token-storage.ts'

// The engine (Dexie and friends) loads only once someone is signed in, keeping the sign-in page light.
const engine = () => import('./sync/sync-engine.ts')
const startSync = (userId: number) => engine().then((m) => m.startSync(userId))
const stopSync = () => engine().then((m) => m.stopSync())

configureSync({ getToken: readStoredToken, getLanguage: () => document.documentElement.lang || undefined })

export async function login(credentials: {
  email: string
  password: string
}): Promise<LoginResult | undefined> {
  store.set(loadingAtom, true)
  store.set(loginErrorAtom, undefined)
  try {
    await api.get('sanctum/csrf-cookie')
    const response = await api.post('api/login-mobile', {
      json: { ...credentials, device_name: navigator.userAgent.slice(0, 200) },
    })
    if (response.status === 400) {
      // The spec stores the data of a 400 as the error.
      store.set(loginErrorAtom, (await response.json()) as { message: string })
      return undefined
    }
    const result = (await response.json()) as LoginResult
    store.set(tokenAtom, result.token)
    await fetchUser()
    return result
  } catch (error) {
    store.set(loginErrorAtom, { message: error instanceof Error ? error.message : String(error) })
    throw error
  } finally {
    store.set(loadingAtom, false)
  }
}

/** Forgets the token and the user, keeping what is on the device (the outbox waits for the next sign-in). */
export function endSession(): void {
  clearSession()
}

function clearSession(): void {
  store.set(userAtom, undefined)
  store.set(tokenAtom, undefined)
  cacheUser(undefined)
}

/**
 * Signs out on this device: the token is revoked (now, or once back online), and what this user left
 * on the device is deleted. Callers first make sure nothing unsent is lost (the outbox's sign-out).
 */
export async function logout(): Promise<void> {
  const token = readStoredToken()
  // Written down before anything that waits: a tab closed (or a step stuck) during the clean-up
  // still leaves the token to revoke at the next start or when the connection returns.
  if (token) rememberRevocation(token)
  // This device stops receiving the person's notifications (bounded: a dead connection must not hold
  // the sign-out; the push service then answers 410 and the server forgets the subscription).
  await Promise.race([turnOffPush().catch(() => undefined), new Promise((r) => setTimeout(r, 3000))])
  // Another person's writes, kept on this device when this one signed in, wait for their owner.
  const keep = await engine()
    .then((m) => m.databasesKeptAtSignOut(store.get(userAtom)?.id))
    .catch(() => [])
  await stopSync()
  clearSession()
  await clearUserData(keep)
  void flushPendingRevocations()
}

/** Fetches the user; offline, keeps the last known user rather than signing anyone out. */
export async function fetchUser(): Promise<User | undefined> {
  if (!store.get(loggedInAtom)) {
    store.set(loadingAtom, false)
    return undefined
  }
  // Signing in, or a token without a known user: the engine's script loads while the user is asked
  // (the answer starts it), not one round trip after.
  if (!store.get(userAtom)) void engine().catch(() => undefined)
  try {
    const response = await api.get('api/v1/user')
    const body = (await response.json()) as User | { message: string }
    if (!response.ok || 'message' in body) {
      if ((body as { message?: string }).message === 'Unauthenticated.' || response.status === 401)
        clearSession()
      return undefined
    }
    // The same answer as before keeps the same object: a new one draws every screen reading it again,
    // after every navigation.
    if (JSON.stringify(store.get(userAtom)) !== JSON.stringify(body)) store.set(userAtom, body)
    cacheUser(body)
    if (body.college_id !== null) {
      void startSync(body.id)
      reportInstalledApp()
    }
    return body
  } catch (error) {
    // A suspended college: the account is fine and stays signed in, behind the page that says why,
    // so the app comes back as it was when the college resumes.
    const suspended =
      error instanceof HttpError && (error.data as { suspended?: boolean } | undefined)?.suspended === true
    if (suspended) return store.get(userAtom) ?? cachedUser()
    if (isNetworkError(error) || !navigator.onLine) {
      store.set(onlineAtom, false)
      const last = store.get(userAtom) ?? cachedUser()
      store.set(userAtom, last)
      if (last && last.college_id !== null) void startSync(last.id)
      return last
    }
    clearSession()
    return undefined
  } finally {
    store.set(loadingAtom, false)
  }
}

/** If the token belongs to another college than this host's, sign out. */
export async function checkCollegeSession(): Promise<boolean> {
  if (!store.get(loggedInAtom)) return true
  return sessionMatches(api.get('api/v1/session/college').json<CollegeSession>())
}

/** Signs out a token whose session is another college's (or no longer valid). */
async function sessionMatches(asked: Promise<CollegeSession>): Promise<boolean> {
  try {
    const session = await asked
    if (session.name !== store.get(collegeAtom).name) {
      clearSession()
      return false
    }
  } catch (error) {
    if (error instanceof HttpError && error.response.status === 401) {
      clearSession()
      return false
    }
  }
  return true
}

let collegeLoaded: Promise<unknown> | undefined

/** The college is fetched once per page load (boot starts it); later calls share that answer. */
export function ensureCollege(): Promise<unknown> {
  collegeLoaded ??= loadCollege()
  return collegeLoaded
}

/**
 * The user, the college and the college's session, asked at once: on a first open of Home each used
 * to wait for the one before (and the user for the texts), round trips a slow connection pays in full
 * before the first screen.
 */
async function checkSession(): Promise<void> {
  const session =
    store.get(loggedInAtom) && navigator.onLine
      ? api.get('api/v1/session/college').json<CollegeSession>()
      : undefined
  session?.catch(() => undefined)
  await Promise.all([ensureCollege(), fetchUser()])
  if (session && store.get(userAtom)) await sessionMatches(session)
}

/** A first load's check, started at boot beside the translations (`startSessionCheck`). */
let early: Promise<void> | undefined

/** Boot: a signed-in first load without a known user asks for it now, not after the texts. */
export function startSessionCheck(): void {
  if (!store.get(loggedInAtom) || store.get(userAtom)) return
  early ??= checkSession()
  early.catch(() => undefined)
}

/**
 * Runs before every navigation (spec section 2). With a user already known, the page opens at once and
 * the check finishes in the background (a signed-out result sends the user to sign in), so one bar of
 * signal never holds a screen the mirror could show. Only a first load without a known user waits.
 */
export async function refreshSession(): Promise<void> {
  const started = early
  early = undefined
  const known = store.get(userAtom)
  if (known) {
    // The mirror opens at once from the last known user, without waiting for any network answer.
    if (known.college_id !== null) void startSync(known.id)
    // Asked once the screen being opened is drawn: starting a request costs a tap a few milliseconds.
    if (!started) setTimeout(() => void checkSession().catch(() => undefined), 0)
    return
  }
  const check = started ?? checkSession()
  // Signed out, with the college already known (from the page or the device), there is nothing to
  // wait for: a changed name or colour shows when the answer comes.
  if (!store.get(loggedInAtom) && store.get(collegeAtom).id !== undefined) {
    check.catch(() => undefined)
    return
  }
  await check
}
