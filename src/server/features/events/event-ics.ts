// Events as RFC 5545 calendars: one event ("Add to my calendar") or a person's subscription feed.
// Written by hand, line for line as ical-generator wrote them before (tests/server/event-ics.test.ts
// holds the two side by side): with it and Temporal's polyfill converting each date, a feed of 500
// events cost ~100 ms of CPU, most of it the polyfill's, for a file calendars poll every few hours.
import { tzlib_get_ical_block } from 'timezones-ical-library'
import type { CalendarEvent } from '#shared/events.schema.ts'
import { addDays, wallClockSeconds } from '#shared/time-zones.ts'
import type { College } from '../../platform/context.ts'

/** One entry of a calendar: an event, or another feed's timed entry (a practice session). */
export type IcsEntry = Pick<
  CalendarEvent,
  'name' | 'description' | 'location' | 'all_day' | 'starts_at' | 'ends_at' | 'created_at' | 'updated_at'
> & {
  /** Unique within the college (the college's slug is added). */
  uid: string
  /** Where the app shows it, on the college's own host. */
  url: string
  sequence: number
  cancelled: boolean
}

/** An event as an entry; `origin` is the college's public address. */
export function eventEntry(
  event: CalendarEvent,
  origin: string,
  row: { sequence: number; deleted_at?: string | null },
): IcsEntry {
  return {
    ...event,
    uid: event.id,
    url: `${origin}/events?event=${event.id}`,
    sequence: row.sequence,
    cancelled: Boolean(row.deleted_at),
  }
}

/** How long calendars may keep the feed before asking again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const TTL = 'PT4H'
/** Longest content line in octets before it is folded (RFC 5545 allows 75; ical-generator kept 74). */
const MAX_OCTETS = 74

/** TEXT escaped (RFC 5545, 3.3.11): backslashes, semicolons and commas, and line breaks as `\n`. */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (ch) => `\\${ch}`).replace(/\r\n|\r|\n/g, '\\n')
}

/** A content line folded past `MAX_OCTETS` octets of UTF-8, a character never split. */
function fold(line: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is exactly what is tested for
  if (line.length <= MAX_OCTETS && /^[\x00-\x7f]*$/.test(line)) return line
  let folded = ''
  let octets = 0
  for (let i = 0; i < line.length; i++) {
    let ch = line.charAt(i)
    const code = line.charCodeAt(i)
    let size = 3
    if (code < 0x80) size = 1
    else if (code < 0x800) size = 2
    else if (code >= 0xd800 && code <= 0xdbff) {
      ch += line.charAt(++i)
      size = 4
    }
    octets += size
    if (octets > MAX_OCTETS) {
      folded += '\r\n '
      octets = size
    }
    folded += ch
  }
  return folded
}

/** A moment as a UTC DATE-TIME: 20261019T090000Z. */
function utcStamp(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
}

/** A day (`YYYY-MM-DD`) as a DATE: 20261104. */
function dateValue(day: string): string {
  return day.replaceAll('-', '')
}

/** A moment as a zone's wall-clock DATE-TIME, the zone named by the line's TZID: 20261102T060000. */
function localStamp(iso: string, zone: string): string {
  return wallClockSeconds(iso, zone).replace(/[-:]/g, '')
}

/** The zone's VTIMEZONE, its lines ending as the calendar's do. */
function vtimezone(zone: string): string[] {
  const [block] = tzlib_get_ical_block(zone)
  return block ? block.replace(/\r\n/g, '\n').trim().split('\n') : []
}

function eventLines(entry: IcsEntry, college: College): string[] {
  const { starts_at, ends_at, all_day } = entry
  const lines = [
    'BEGIN:VEVENT',
    `UID:${entry.uid}@${college.slug}`,
    `SEQUENCE:${entry.sequence}`,
    `DTSTAMP:${utcStamp(entry.updated_at)}`,
  ]
  if (all_day) {
    // An all-day event's DTEND is the first day after it.
    let [start, end] = [starts_at.slice(0, 10), addDays(ends_at.slice(0, 10), 1)]
    if (start > end) [start, end] = [end, start]
    lines.push(
      `DTSTART;VALUE=DATE:${dateValue(start)}`,
      `DTEND;VALUE=DATE:${dateValue(end)}`,
      'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
      'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE',
    )
  } else {
    // Written as the college's wall-clock time with its TZID (and its VTIMEZONE in the calendar).
    let [start, end] = [starts_at, ends_at]
    if (Date.parse(start) > Date.parse(end)) [start, end] = [end, start]
    const zone = college.timezone
    lines.push(
      `DTSTART;TZID=${zone}:${localStamp(start, zone)}`,
      `DTEND;TZID=${zone}:${localStamp(end, zone)}`,
    )
  }
  lines.push(`SUMMARY:${escapeText(entry.name)}`)
  if (entry.location) lines.push(`LOCATION:${escapeText(entry.location)}`)
  if (entry.description) lines.push(`DESCRIPTION:${escapeText(entry.description)}`)
  lines.push(
    `URL;VALUE=URI:${escapeText(entry.url)}`,
    `STATUS:${entry.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `CREATED:${utcStamp(entry.created_at)}`,
    `LAST-MODIFIED:${utcStamp(entry.updated_at)}`,
    'END:VEVENT',
  )
  return lines
}

export function eventIcs(college: College, entries: IcsEntry[], name?: string): string {
  const title = name ?? college.name
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//college-app//calendar//ES', 'METHOD:PUBLISH']
  if (title) lines.push(`NAME:${title}`, `X-WR-CALNAME:${title}`)
  // No calendar-wide zone: stamps stay in UTC; each timed entry names the college's zone.
  if (entries.some((entry) => !entry.all_day)) lines.push(...vtimezone(college.timezone))
  lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${TTL}`, `X-PUBLISHED-TTL:${TTL}`)
  for (const entry of entries) lines.push(...eventLines(entry, college))
  lines.push('END:VCALENDAR')
  return lines.map(fold).join('\r\n')
}
