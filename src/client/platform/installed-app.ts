// The dashboard's adoption figures: the server learns that a person opened the installed app (from
// the home screen, in its own window), once per sign-in; it marks the session's token. Fire-and-
// forget: a failure changes nothing for the person, and the next start of the app tries again.
import { api } from './api.ts'
import { readStoredToken } from './token-storage.ts'

/** The sign-in already reported in this page's life (the server keeps the first mark anyway). */
let reportedToken: string | undefined

export function runsInstalled(): boolean {
  if (typeof window === 'undefined') return false
  // iOS Safari says so through its own flag rather than the display mode.
  const ios = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return ios || window.matchMedia?.('(display-mode: standalone)').matches === true
}

/** Tells the server this sign-in uses the installed app; never waits, never fails loudly. */
export function reportInstalledApp(): void {
  const token = readStoredToken()
  if (!token || token === reportedToken || !runsInstalled()) return
  reportedToken = token
  api.post('api/v1/user/installed').catch(() => undefined)
}
