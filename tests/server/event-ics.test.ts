// The calendar files written by hand (event-ics.ts) against ical-generator, which wrote them before:
// the same text, line for line, for calendars drawn at random (time zones with and without daylight
// saving, all-day and timed entries, cancelled ones, texts that need escaping or folding).
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { Temporal } from 'temporal-polyfill'
import { tzlib_get_ical_block } from 'timezones-ical-library'
import { describe, expect, it } from 'vitest'
import { addDays } from '#shared/time-zones.ts'
import { eventIcs, type IcsEntry } from '../../src/server/features/events/event-ics.ts'
import type { College } from '../../src/server/platform/context.ts'

/** The calendar as ical-generator and Temporal's polyfill made it (event-ics.ts until 2026-11-30). */
function viaIcalGenerator(college: College, entries: IcsEntry[], name?: string): string {
  const calendar = ical({
    name: name ?? college.name,
    prodId: { company: 'college-app', product: 'calendar', language: 'ES' },
    timezone: { name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] || null },
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
            end: Temporal.PlainDate.from(addDays(event.ends_at, 1)),
          }
        : {
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

/** A small deterministic generator, so a failure names the seed that made it. */
function random(seed: number) {
  let state = seed
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
  return { next, pick }
}

const ZONES = ['America/Santiago', 'Europe/Berlin', 'Asia/Tokyo', 'America/New_York', 'Australia/Lord_Howe']
const WORDS = [
  'Reunión',
  'apoderados',
  '1° Básico A',
  'a; b',
  'uno, dos',
  'c:\\ruta',
  'línea\nsiguiente',
  'otra\r\nlínea',
  'fin\r',
  '数学の授業',
  'مرحبا',
  '🎉🎒',
  'x'.repeat(73),
  'ñ'.repeat(40),
]

function entriesOf(seed: number, count: number): IcsEntry[] {
  const { next, pick } = random(seed)
  const text = (most: number) =>
    Array.from({ length: Math.floor(next() * most) }, () => pick(WORDS)).join(pick([' ', '', '  ']))
  return Array.from({ length: count }, (_, i) => {
    // Around the year's daylight-saving changes as often as not.
    const start = Date.UTC(
      2026,
      pick([0, 2, 3, 8, 9, 10]),
      1 + Math.floor(next() * 28),
      Math.floor(next() * 24),
    )
    const end = start + pick([0, 30, 90, 24 * 60, 3 * 24 * 60, -60]) * 60_000
    const allDay = next() < 0.3
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    return {
      uid: `0000-${seed}-${i}`,
      url: `https://demo.test/events?event=${seed}-${i}${next() < 0.1 ? '&a=1,2;3' : ''}`,
      name: text(4) || 'Evento',
      description: next() < 0.2 ? '' : text(12),
      location: next() < 0.3 ? '' : text(3),
      all_day: allDay,
      starts_at: allDay ? day(start) : new Date(start).toISOString(),
      ends_at: allDay ? day(Math.max(start, end)) : new Date(end).toISOString(),
      created_at: new Date(start - 86_400_000 * 30).toISOString(),
      updated_at: new Date(start - 86_400_000 * Math.floor(next() * 30)).toISOString(),
      sequence: Math.floor(next() * 5),
      cancelled: next() < 0.15,
    }
  })
}

const collegeIn = (timezone: string, name = 'Colegio Demo') =>
  ({ id: 1, slug: 'demo', name, timezone }) as College

describe('calendar files (.ics)', () => {
  it.each(Array.from({ length: 40 }, (_, seed) => seed))(
    'seed %i: the same text as ical-generator wrote',
    (seed) => {
      const college = collegeIn(
        ZONES[seed % ZONES.length]!,
        seed % 7 === 0 ? 'Liceo A, B; C' : 'Colegio Demo',
      )
      const entries = entriesOf(seed, 1 + (seed % 13))
      expect(eventIcs(college, entries)).toBe(viaIcalGenerator(college, entries))
      expect(eventIcs(college, entries, 'Prácticas')).toBe(viaIcalGenerator(college, entries, 'Prácticas'))
    },
  )

  it('all-day entries alone carry no VTIMEZONE; an empty calendar is still a calendar', () => {
    const college = collegeIn('America/Santiago')
    const allDay = entriesOf(3, 20).filter((entry) => entry.all_day)
    expect(allDay.length).toBeGreaterThan(0)
    const text = eventIcs(college, allDay)
    expect(text).not.toContain('BEGIN:VTIMEZONE')
    expect(text).toBe(viaIcalGenerator(college, allDay))
    expect(eventIcs(college, [])).toBe(viaIcalGenerator(college, []))
  })

  it("a timed entry is written in the zone's wall-clock time, also across a change of the clocks", () => {
    const college = collegeIn('America/Santiago')
    // Chile moved its clocks forward at 2026-09-06T04:00Z: 00:00 became 01:00.
    const [entry] = entriesOf(1, 1)
    const across = {
      ...entry!,
      all_day: false,
      starts_at: '2026-09-06T03:30:00.000Z',
      ends_at: '2026-09-06T04:30:00.000Z',
    }
    const text = eventIcs(college, [across])
    expect(text).toContain('DTSTART;TZID=America/Santiago:20260905T233000')
    expect(text).toContain('DTEND;TZID=America/Santiago:20260906T013000')
    expect(text).toBe(viaIcalGenerator(college, [across]))
  })
})
