// Keys of what the app keeps in localStorage (besides the spec's "token").
export const USER_CACHE_KEY = 'session.user'
export const COLLEGE_CACHE_KEY = 'session.college'
export const LOCALE_KEY = 'locale'
export const COLOR_SCHEME_KEY = 'color-scheme'
/** Tokens of sign-outs made offline, revoked on the server once the device is back online. */
export const PENDING_REVOCATIONS_KEY = 'session.revoke'
/** Followed by a user's id: the last answers of the first screen's queries (sync/kept-answers.ts). */
export const KEPT_ANSWERS_PREFIX = 'kept-answers.u'
