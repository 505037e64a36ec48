// Dates and times in the app's language (never the browser's), from ISO text in UTC.
import { useLingui } from '@lingui/react'

const cache = new Map<string, Intl.DateTimeFormat>()

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = cache.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    cache.set(key, format)
  }
  return format
}

export type DateStyle = 'date' | 'dateTime' | 'long' | 'time'

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  long: { dateStyle: 'long', timeStyle: 'short' },
  time: { timeStyle: 'short' },
}

export function formatDate(locale: string, iso: string, style: DateStyle = 'date'): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : formatter(locale, STYLES[style]).format(date)
}

/** `format(iso, style)` in the active language. */
export function useDateFormat(): (iso: string, style?: DateStyle) => string {
  const { i18n } = useLingui()
  return (iso, style) => formatDate(i18n.locale, iso, style)
}
