// Interface language: the stored choice, else the college's language, else English (en-US -> en).
import { i18n, type Messages } from '@lingui/core'
import { atom } from 'jotai/vanilla'
import { DEFAULT_LOCALE, isRtl, type Locale, matchLocale } from '#shared/constants.ts'

export { LOCALE_NAMES } from '#shared/constants.ts'

import { setTranslator } from '#shared/i18n/translate.ts'
import { LOCALE_KEY } from './storage-keys.ts'
import { store } from './store.ts'

export const localeAtom = atom<Locale>(DEFAULT_LOCALE)

type Part = 'public' | 'app'

// Each catalog is its own chunk, loaded on demand: the sign-in page never downloads the app's texts.
const loaders: Record<Part, Record<Locale, () => Promise<{ messages: Messages }>>> = {
  public: {
    ar: () => import('../../locales/ar/public.po'),
    de: () => import('../../locales/de/public.po'),
    en: () => import('../../locales/en/public.po'),
    es: () => import('../../locales/es/public.po'),
    'es-MX': () => import('../../locales/es-MX/public.po'),
    fr: () => import('../../locales/fr/public.po'),
    'zh-CN': () => import('../../locales/zh-CN/public.po'),
  },
  app: {
    ar: () => import('../../locales/ar/app.po'),
    de: () => import('../../locales/de/app.po'),
    en: () => import('../../locales/en/app.po'),
    es: () => import('../../locales/es/app.po'),
    'es-MX': () => import('../../locales/es-MX/app.po'),
    fr: () => import('../../locales/fr/app.po'),
    'zh-CN': () => import('../../locales/zh-CN/app.po'),
  },
}

const loaded = new Set<string>()
let appWanted = false

async function loadPart(locale: Locale, part: Part): Promise<void> {
  if (loaded.has(`${locale}:${part}`)) return
  const { messages } = await loaders[part][locale]()
  // `load` merges into what the locale already has.
  i18n.load(locale, messages)
  loaded.add(`${locale}:${part}`)
}

setTranslator((descriptor, _lang, values) => i18n._(descriptor.id, values, { message: descriptor.message }))

export function storedLocale(): Locale | undefined {
  try {
    return matchLocale(localStorage.getItem(LOCALE_KEY))
  } catch {
    return undefined
  }
}

export function pickLocale(collegeLanguage: string | undefined): Locale {
  return storedLocale() ?? matchLocale(collegeLanguage) ?? DEFAULT_LOCALE
}

export async function activateLocale(locale: Locale): Promise<void> {
  // Both at once: the app's texts asked after the public ones were one more round trip before Home.
  await Promise.all([loadPart(locale, 'public'), appWanted && loadPart(locale, 'app')])
  i18n.activate(locale)
  document.documentElement.lang = locale
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr'
  store.set(localeAtom, locale)
}

/** Boot, signed in: the app's texts are loaded with the public ones, not when the first screen asks. */
export function wantAppMessages(): void {
  appWanted = true
}

/** Signed-in screens speak the app's texts too: loaded once, before the first of them renders. */
export async function ensureAppMessages(): Promise<void> {
  wantAppMessages()
  const locale = store.get(localeAtom)
  if (loaded.has(`${locale}:app`)) return
  await loadPart(locale, 'app')
  if (i18n.locale === locale) i18n.activate(locale)
}

/** The user's explicit choice from the language menu; it wins over the college's language. */
export async function chooseLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_KEY, locale)
  await activateLocale(locale)
}

export { i18n }
