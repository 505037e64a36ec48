// Interface language: the stored choice, else the college's language, else English (en-US -> en).
import { i18n, type Messages } from '@lingui/core'
import { atom } from 'jotai'
import { DEFAULT_LOCALE, isRtl, type Locale, matchLocale } from '#shared/constants.ts'
import { setTranslator } from '#shared/i18n/translate.ts'
import { LOCALE_KEY } from './storage-keys.ts'
import { store } from './store.ts'

export const localeAtom = atom<Locale>(DEFAULT_LOCALE)

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  ar: () => import('../../locales/ar/messages.po'),
  de: () => import('../../locales/de/messages.po'),
  en: () => import('../../locales/en/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  'es-MX': () => import('../../locales/es-MX/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
  'zh-CN': () => import('../../locales/zh-CN/messages.po'),
}

export const LOCALE_NAMES: Record<Locale, string> = {
  ar: 'العربية',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  'es-MX': 'Español (México)',
  fr: 'Français',
  'zh-CN': '简体中文',
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
  const { messages } = await loaders[locale]()
  i18n.loadAndActivate({ locale, messages })
  document.documentElement.lang = locale
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr'
  store.set(localeAtom, locale)
}

/** The user's explicit choice from the language menu; it wins over the college's language. */
export async function chooseLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_KEY, locale)
  await activateLocale(locale)
}

export { i18n }
