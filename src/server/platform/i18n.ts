// Server-side translation: reads the same Lingui catalogs as the client, keeps the explicit-id
// messages the server speaks (validation, errors, mail) and answers in the request's language.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Context } from 'hono'
import PO from 'pofile'
import { DEFAULT_LOCALE, LOCALES, type Locale, matchLocale, negotiateLocale } from '#shared/constants.ts'
import { interpolate, setTranslator } from '#shared/i18n/translate.ts'

const catalogs = new Map<string, Map<string, string>>()

export function loadCatalogs(dir = resolve('src/locales')): void {
  for (const locale of LOCALES) {
    // The app catalog holds every text (the public one is a subset of it).
    const file = join(dir, locale, 'app.po')
    const entries = new Map<string, string>()
    if (existsSync(file)) {
      for (const item of PO.parse(readFileSync(file, 'utf8')).items) {
        const text = item.msgstr[0]
        // The server's messages have no context; a client text's second sense must not replace them.
        if (text && !item.msgctxt) entries.set(item.msgid, text)
      }
    }
    catalogs.set(locale, entries)
  }
  setTranslator((descriptor, lang, values) => {
    const locale = matchLocale(lang) ?? DEFAULT_LOCALE
    // Mexican Spanish falls back to Spanish before English, as the client's catalogs do.
    const text =
      catalogs.get(locale)?.get(descriptor.id) ??
      (locale === 'es-MX' ? catalogs.get('es')?.get(descriptor.id) : undefined) ??
      descriptor.message
    return interpolate(text, values)
  })
}

/** The language of a request: Accept-Language first, then the college's language, then English. */
export function requestLocale(c: Context): Locale {
  const college = c.get('college') as { language?: string } | undefined
  return negotiateLocale(c.req.header('accept-language')) ?? matchLocale(college?.language) ?? DEFAULT_LOCALE
}
