// The sign-in page's address (`/auth/login?redirect=…&ended=true&forgot=…`), read and written alike by
// the app's router and by the page drawn without it: the router writes a value as JSON only where it
// would otherwise read as JSON (`true`, a number), so a plain address or email stays readable.

export type SignInSearch = {
  /** Where to go once signed in (a path of this app). */
  redirect?: string
  /** The session ended elsewhere (signed out on another device, password changed): say so. */
  ended?: boolean
  /** Open the recovery form, with this address filled in (from an expired reset link). */
  forgot?: string
}

export function parseSignInSearch(search: Record<string, unknown>): SignInSearch {
  return {
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    ended: search.ended === true || search.ended === 'true' ? true : undefined,
    forgot: typeof search.forgot === 'string' ? search.forgot : undefined,
  }
}

function decode(value: string): unknown {
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

function encode(value: string | boolean): string {
  if (typeof value === 'boolean') return String(value)
  try {
    JSON.parse(value)
    return JSON.stringify(value)
  } catch {
    return value
  }
}

/** The search of an address as the router reads it. */
export function searchOf(query: string): SignInSearch {
  const values: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(query)) values[key] = decode(value)
  return parseSignInSearch(values)
}

/** `/auth/login` with this search, as the router writes it. */
export function signInPath(search: SignInSearch): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined) params.set(key, encode(value))
  }
  const query = params.toString()
  return query ? `/auth/login?${query}` : '/auth/login'
}

/** Only a path of this app: never another site (`//host`, nor `/\host`, which browsers read alike). */
export function safeRedirect(target: string | undefined): string {
  return target && /^\/(?![/\\])/.test(target) ? target : '/app'
}
