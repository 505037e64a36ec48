// Business constants of spec section 9, shared by the client and the server.

export const LOCALES = ['ar', 'de', 'en', 'es', 'es-MX', 'fr', 'zh-CN'] as const
export type Locale = (typeof LOCALES)[number]

/** Each language's name in that language, for the language menus. */
export const LOCALE_NAMES: Record<Locale, string> = {
  ar: 'العربية',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  'es-MX': 'Español (México)',
  fr: 'Français',
  'zh-CN': '简体中文',
}

/** The spec's default interface locale is en-US, which we serve as `en`. */
export const DEFAULT_LOCALE: Locale = 'en'
export const DEFAULT_COLLEGE_LANGUAGE: Locale = 'es'

export const RTL_CODES = ['ar', 'arc', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'ur', 'yi'] as const

export const PASSWORD_MIN_LENGTH = 8
export const TOAST_DURATION_MS = 2000
export const TOKEN_STORAGE_KEY = 'token'
export const THEMES = ['light', 'dark', 'auto'] as const
export type Theme = (typeof THEMES)[number]
export const DARK_CLASS = 'is-dark'

export const COLLEGE_DEFAULTS = {
  name: 'Sistema',
  logo: '/default/logo.jpeg',
  image: './default/app.jpeg',
  language: DEFAULT_COLLEGE_LANGUAGE,
  timezone: 'America/Santiago',
} as const

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
/** More than any phone photo (108 MP modes are 12000 x 9000), far less than what decoding can cost. */
export const IMAGE_MAX_PIXELS = 100_000_000
export const AVATAR_SIZE_PX = 256
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024
export const UPLOAD_BODY_LIMIT_BYTES = 6 * 1024 * 1024
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000
/** A new account's link to choose its password: a family may open the welcome mail days later. */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

export function isRtl(code: string): boolean {
  const base = code.toLowerCase().split(/[-_]/)[0] ?? ''
  return (RTL_CODES as readonly string[]).includes(base)
}

/**
 * Picks the supported locale closest to a language tag: exact match first (es-MX), then the base
 * language (en-US -> en, zh-TW -> zh-CN is not assumed: only zh-* maps to zh-CN).
 */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined
  const wanted = tag.trim().replace('_', '-').toLowerCase()
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted)
  if (exact) return exact
  const base = wanted.split('-')[0]
  if (base === 'zh') return 'zh-CN'
  return LOCALES.find((l) => l.toLowerCase() === base)
}

/** Reads an Accept-Language header in order of quality and returns the first supported locale. */
export function negotiateLocale(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index }
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const t of tags) {
    const match = matchLocale(t.tag)
    if (match) return match
  }
  return undefined
}
