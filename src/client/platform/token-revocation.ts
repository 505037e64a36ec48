// A sign-out made offline still ends the session on the server: the token is kept aside (only for
// this) and revoked as soon as the device is back online.
import { PENDING_REVOCATIONS_KEY } from './storage-keys.ts'

const RETRY_FIRST_MS = 1_000
const RETRY_MAX_MS = 60_000

function pending(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(PENDING_REVOCATIONS_KEY) ?? '[]') as unknown
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : []
  } catch {
    return []
  }
}

function save(tokens: string[]): void {
  if (tokens.length) localStorage.setItem(PENDING_REVOCATIONS_KEY, JSON.stringify(tokens))
  else localStorage.removeItem(PENDING_REVOCATIONS_KEY)
}

async function revoke(token: string): Promise<boolean> {
  try {
    const response = await fetch('/api/logout-mobile', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'include',
    })
    // 401: the server no longer knows the token, which is what we wanted.
    return response.ok || response.status === 401
  } catch {
    return false
  }
}

/**
 * Revokes a token now, or when the connection returns. It is written down first, so a weak signal, a
 * closed tab or a crash in the middle still revokes it later.
 */
export function revokeSoon(token: string): void {
  rememberRevocation(token)
  void flushPendingRevocations()
}

/** Writes the token down for revocation without sending anything yet (see `logout`). */
export function rememberRevocation(token: string): void {
  save([...new Set([...pending(), token])])
}

let flushing: Promise<void> | undefined
let again = false
let retry: ReturnType<typeof setTimeout> | undefined
let retryDelay = RETRY_FIRST_MS

/**
 * Revokes the tokens of earlier offline sign-outs; those that still cannot be sent stay for later. A
 * call during a flush runs another after it (the connection may have come back meanwhile), and while
 * the device says it is online, what is left is tried again with a growing delay: the first requests
 * after reconnecting often fail before the network is really up.
 */
export function flushPendingRevocations(): Promise<void> {
  if (flushing) {
    again = true
    return flushing
  }
  clearTimeout(retry)
  flushing = (async () => {
    try {
      do {
        again = false
        const revoked = new Set<string>()
        for (const token of pending()) if (await revoke(token)) revoked.add(token)
        // Read again: a sign-out during the requests added its token, which must not be lost.
        save(pending().filter((token) => !revoked.has(token)))
      } while (again)
    } finally {
      flushing = undefined
    }
    if (pending().length && navigator.onLine) {
      retry = setTimeout(() => void flushPendingRevocations(), retryDelay)
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS)
    } else {
      retryDelay = RETRY_FIRST_MS
    }
  })()
  return flushing
}

export function watchPendingRevocations(): void {
  window.addEventListener('online', () => {
    retryDelay = RETRY_FIRST_MS
    void flushPendingRevocations()
  })
  if (pending().length) void flushPendingRevocations()
}
