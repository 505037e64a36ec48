export function nowIso(): string {
  return new Date().toISOString()
}

/** A moment the device gave (perhaps offline, long before), unless it is in the future (a wrong clock): then `now`. */
export function deviceTime(given: string | undefined, now: string): string {
  return given && given < now ? given : now
}
