// When an event happens, in words of the app's language and the college's time zone (a family abroad
// still sees the school's times).
import type { CalendarEvent } from '#shared/events.schema.ts'
import { addDays } from '#shared/time-zones.ts'

const cache = new Map<string, Intl.DateTimeFormat>()

function format(locale: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`
  let f = cache.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone })
    cache.set(key, f)
  }
  return f
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }
const DAY_TIME: Intl.DateTimeFormatOptions = { ...DAY, hour: 'numeric', minute: '2-digit' }

/** A day (`YYYY-MM-DD`) as a Date at noon UTC, so every zone shows the same day. */
function dayDate(day: string): Date {
  return new Date(`${day}T12:00:00Z`)
}

/** Words already made, by language, zone and times: a range takes ICU about half a millisecond. */
const said = new Map<string, string>()
const SAID_MAX = 500

export function eventWhen(
  locale: string,
  zone: string,
  event: Pick<CalendarEvent, 'all_day' | 'starts_at' | 'ends_at'>,
): string {
  const key = `${locale}|${zone}|${event.all_day}|${event.starts_at}|${event.ends_at}`
  let words = said.get(key)
  if (words === undefined) {
    words = rangeInWords(locale, zone, event)
    if (said.size >= SAID_MAX) said.clear()
    said.set(key, words)
  }
  return words
}

function rangeInWords(
  locale: string,
  zone: string,
  event: Pick<CalendarEvent, 'all_day' | 'starts_at' | 'ends_at'>,
): string {
  if (!event.starts_at) return ''
  if (event.all_day) {
    const f = format(locale, 'UTC', DAY)
    return event.starts_at === event.ends_at
      ? f.format(dayDate(event.starts_at))
      : f.formatRange(dayDate(event.starts_at), dayDate(event.ends_at))
  }
  const start = new Date(event.starts_at)
  const end = new Date(event.ends_at)
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return ''
  return format(locale, zone, DAY_TIME).formatRange(start, end)
}

/** "Mon" and "24" for the date badge of an agenda row. */
export function dateBadge(locale: string, zone: string, event: Pick<CalendarEvent, 'all_day' | 'starts_at'>) {
  const date = event.all_day ? dayDate(event.starts_at) : new Date(event.starts_at)
  const z = event.all_day ? 'UTC' : zone
  return {
    month: format(locale, z, { month: 'short' }).format(date),
    day: format(locale, z, { day: 'numeric' }).format(date),
  }
}

/** Monday 0 to Sunday 6, of a `YYYY-MM-DD` day. */
const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7

/** The first and last day a month grid shows for `today`'s month: whole weeks, Monday first. */
export function monthShown(today: string): [string, string] {
  const first = `${today.slice(0, 8)}01`
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  const last = addDays(new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10), -1)
  return [addDays(first, -weekdayOf(first)), addDays(last, 6 - weekdayOf(last))]
}
