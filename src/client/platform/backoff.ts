// The wait before the next try of something that keeps failing (an outbox write, the service worker's
// install): doubling from `baseMs` with each attempt, never past `maxMs`. Its own small file: the
// sign-in page registers the service worker and must not load the outbox's code for this.

/** The wait before try `attempts + 1`: `baseMs` after the first failure, doubling up to `maxMs`. */
export function doublingDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
}
