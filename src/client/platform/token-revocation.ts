// A sign-out made offline still ends the session on the server: the token is kept aside (only for
// this) and revoked as soon as the device is back online.
import { PENDING_REVOCATIONS_KEY } from './storage-keys.ts'

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
  save([...new Set([...pending(), token])])
  void flushPendingRevocations()
}

let flushing: Promise<void> | undefined

/** Revokes the tokens of earlier offline sign-outs; those that still cannot be sent stay for later. */
export function flushPendingRevocations(): Promise<void> {
  flushing ??= (async () => {
    try {
      const left: string[] = []
      for (const token of pending()) if (!(await revoke(token))) left.push(token)
      save(left)
    } finally {
      flushing = undefined
    }
  })()
  return flushing
}

export function watchPendingRevocations(): void {
  window.addEventListener('online', () => void flushPendingRevocations())
  if (pending().length) void flushPendingRevocations()
}
