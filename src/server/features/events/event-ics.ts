// Events as RFC 5545 calendars: one event ("Add to my calendar") or a person's subscription feed.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { Temporal } from 'temporal-polyfill'
import { tzlib_get_ical_block } from 'timezones-ical-library'
import type { CalendarEvent } from '#shared/events.schema.ts'
import { addDays } from '#shared/time-zones.ts'
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

function vtimezone(zone: string): string | null {
  const [block] = tzlib_get_ical_block(zone)
  return block || null
}

export function eventIcs(college: College, entries: IcsEntry[], name?: string): string {
  const calendar = ical({
    name: name ?? college.name,
    prodId: { company: 'college-app', product: 'calendar', language: 'ES' },
    // No calendar-wide zone: stamps stay in UTC; each timed event names the college's zone, and the
    // generator adds its VTIMEZONE.
    timezone: { name: null, generator: vtimezone },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60 * 4,
  })
  for (const { sequence, cancelled, uid, url, ...event } of entries) {
    calendar.createEvent({
      id: `${uid}@${college.slug}`,
      sequence,
      stamp: new Date(event.updated_at),
      lastModified: new Date(event.updated_at),
      created: new Date(event.created_at),
      ...(event.all_day
        ? {
            allDay: true,
            start: Temporal.PlainDate.from(event.starts_at),
            // An all-day event's DTEND is the first day after it.
            end: Temporal.PlainDate.from(addDays(event.ends_at, 1)),
          }
        : {
            // Written as the college's wall-clock time with its TZID (and the VTIMEZONE above).
            timezone: college.timezone,
            start: Temporal.Instant.from(event.starts_at),
            end: Temporal.Instant.from(event.ends_at),
          }),
      summary: event.name,
      description: event.description || null,
      location: event.location || null,
      url,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    })
  }
  return calendar.toString()
}
