import { TOKEN_STORAGE_KEY } from '#shared/constants.ts'

export function readStoredToken(): string | undefined {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) ?? undefined
  } catch {
    return undefined
  }
}

export function writeStoredToken(token: string | undefined): void {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token)
  else localStorage.removeItem(TOKEN_STORAGE_KEY)
}
