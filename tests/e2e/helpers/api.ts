import type { APIRequestContext } from '@playwright/test'
import { origin, PASSWORD } from './session.ts'

/** A token for calls the test makes itself (as an administrator would from another device). */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${origin()}/api/login-mobile`, { data: { email, password: PASSWORD } })
  return ((await res.json()) as { token: string }).token
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' }
}
