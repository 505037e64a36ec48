// Short-lived addresses for private files: minted by an authenticated call, checked without one, so a
// browser's own viewer or download can fetch the file. HMAC-SHA256 with APP_KEY over what the
// address names, the file version it was made for, the way it opens and when it stops working.
import { createHmac, timingSafeEqual } from 'node:crypto'

export type Disposition = 'inline' | 'attachment'

function signature(key: Buffer, subject: string, expires: number, disposition: Disposition): string {
  return createHmac('sha256', key).update(`${subject}\n${expires}\n${disposition}`).digest('base64url')
}

/** The query string of a signed address for `subject` (for example `document:<id>:<file id>`). */
export function signLink(
  key: Buffer,
  subject: string,
  disposition: Disposition,
  ttlSeconds: number,
  now = Date.now(),
): { query: string; expires: Date } {
  const expires = Math.floor(now / 1000) + ttlSeconds
  const s = signature(key, subject, expires, disposition)
  return { query: `e=${expires}&d=${disposition}&s=${s}`, expires: new Date(expires * 1000) }
}

export type LinkCheck = { ok: true; disposition: Disposition } | { ok: false; expired: boolean }

/** Whether a query signed for `subject` is genuine and still valid. */
export function checkLink(
  key: Buffer,
  subject: string,
  query: { e?: string; d?: string; s?: string },
  now = Date.now(),
): LinkCheck {
  const expires = Number(query.e)
  const disposition = query.d === 'attachment' ? 'attachment' : query.d === 'inline' ? 'inline' : undefined
  if (!Number.isSafeInteger(expires) || !disposition || !query.s) return { ok: false, expired: false }
  const expected = Buffer.from(signature(key, subject, expires, disposition))
  const given = Buffer.from(query.s)
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, expired: false }
  if (expires * 1000 < now) return { ok: false, expired: true }
  return { ok: true, disposition }
}
