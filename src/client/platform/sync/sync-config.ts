// What the engine needs from the app, set once at start; tests point it at an in-process server.
export type SyncConfig = {
  baseUrl: string
  getToken: () => string | undefined
  getLanguage: () => string | undefined
  fetch: typeof fetch
}

export const syncConfig: SyncConfig = {
  baseUrl: '',
  getToken: () => undefined,
  getLanguage: () => undefined,
  fetch: (...args) => globalThis.fetch(...args),
}

export function configureSync(next: Partial<SyncConfig>): void {
  Object.assign(syncConfig, next)
}

export function authHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra }
  const token = syncConfig.getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  const lang = syncConfig.getLanguage()
  if (lang) headers['Accept-Language'] = lang
  return headers
}
