// The session store of spec sections 3 and 4: user, token (persisted under "token"), loading.
import { atom } from 'jotai/vanilla'
import type { LoginResult, User } from '#shared/api-types.ts'
import { USER_CACHE_KEY } from './storage-keys.ts'
import { readStoredToken, writeStoredToken } from './token-storage.ts'

// With a token, the last user seen is shown at once; the server's answer replaces it.
export const userAtom = atom<User | undefined>(readStoredToken() ? cachedUser() : undefined)
export const loadingAtom = atom(true)
export const loginErrorAtom = atom<{ message: string } | undefined>(undefined)

const tokenValueAtom = atom<string | undefined>(readStoredToken())
export const tokenAtom = atom(
  (get) => get(tokenValueAtom),
  (_get, set, token: string | undefined) => {
    writeStoredToken(token)
    set(tokenValueAtom, token)
  },
)

/** Logged in means a token that is neither undefined nor empty. */
export const loggedInAtom = atom((get) => {
  const token = get(tokenAtom)
  return token !== undefined && token !== ''
})

export type { LoginResult }

export function cacheUser(user: User | undefined): void {
  if (user) localStorage.setItem(USER_CACHE_KEY, JSON.stringify(user))
  else localStorage.removeItem(USER_CACHE_KEY)
}

/** The last user seen online, so the app opens offline with the user's name and menu. */
export function cachedUser(): User | undefined {
  try {
    const raw = localStorage.getItem(USER_CACHE_KEY)
    return raw ? (JSON.parse(raw) as User) : undefined
  } catch {
    return undefined
  }
}
