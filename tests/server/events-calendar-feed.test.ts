// Each person's private calendar address, read the way a calendar app reads it (parsed with ical.js,
// not with the library that wrote it): the events they may see, in the college's time zone, cancelled
// ones marked so, unchanged answers cheap (304), and an address that dies with a new one, a new
// password or a deactivated account. Also the one-event .ics file ("Add to my calendar").
import type ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearShortCaches } from '#server/platform/short-cache.ts'
import type { CalendarEvent, CalendarFeed } from '#shared/events.schema.ts'
import {
  createEvent,
  dayFromNow,
  editOf,
  momentFromNow,
  parseCalendar,
  visibleEventIds,
} from './helpers/events.ts'
import { body, EN, userIdOf } from './helpers/http.ts'
import { existingMailFiles, resetLinkIn, waitForMailFile } from './helpers/mail.ts'
import { type DemoIds, demoIds } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let ids: DemoIds
const tok: Record<string, string> = {}
const uid: Record<string, number> = {}
/** A timed event for 1° A in the southern winter (UTC-4 in Santiago), and one in summer (UTC-3). */
let winter: CalendarEvent
let summer: CalendarEvent
/** Three days, for the whole college. */
let allDay: CalendarEvent
const FIRST_DAY = dayFromNow(8)
const LAST_DAY = dayFromNow(10)
/** The DTEND of an all-day event: the day after its last one. */
const DAY_AFTER = new Date(Date.parse(`${LAST_DAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
/** For 1° B: never the guardian's. */
let otherCourse: CalendarEvent

beforeAll(async () => {
  // Behind a proxy, so the password recovery's rate limit stays out of the way.
  t = await createTestApp({ trustProxy: true })
  ids = await demoIds(t)
  for (const who of ['guardian', 'staff', 'admin', 'student', 'student2', 'company']) {
    tok[who] = await t.login(`${who}@demo.test`)
    uid[who] = await userIdOf(t.db, `${who}@demo.test`)
  }
  const year = new Date().getUTCFullYear() + 1
  winter = await createEvent(t, tok.staff!, {
    name: 'Reunión de invierno',
    grades: [ids.grade1],
    courses: [ids.course1A],
    starts_at: `${year}-07-15T23:00:00.000Z`,
    ends_at: `${year}-07-16T00:30:00.000Z`,
  })
  summer = await createEvent(t, tok.staff!, {
    name: 'Reunión de verano',
    starts_at: `${year}-01-15T22:00:00.000Z`,
    ends_at: `${year}-01-15T23:30:00.000Z`,
  })
  allDay = await createEvent(t, tok.staff!, {
    name: 'Semana del libro',
    all_day: true,
    starts_at: FIRST_DAY,
    ends_at: LAST_DAY,
  })
  otherCourse = await createEvent(t, tok.staff!, {
    name: 'Solo 1° B',
    grades: [ids.grade1],
    courses: [ids.course1B],
  })
})
afterAll(async () => {
  await t.close()
})

const api = (method: string, path: string, token: string, host = 'localhost') =>
  t.request(method, path, { token, host, headers: EN })

/** A new address for this person: its path on the college's host. */
async function newFeed(who: string): Promise<string> {
  const res = await api('POST', '/api/v1/calendar-feed', tok[who]!)
  expect(res.status).toBe(201)
  return new URL((await body<{ feed: CalendarFeed }>(res)).feed.https_url).pathname
}

/** What a calendar app gets from the address (no token: the address is the credential). */
const fetchFeed = (path: string, host = 'localhost', headers: Record<string, string> = {}) =>
  t.request('GET', path, { host, headers })

async function feedEvents(path: string, host = 'localhost', college = 'demo') {
  const res = await fetchFeed(path, host)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
  return parseCalendar(await res.text(), college)
}

const statusOf = (event: ICAL.Event) => event.component.getFirstPropertyValue('status')

/**
 * The feed holds, as CONFIRMED, exactly the events this person may see, and as CANCELLED exactly
 * those they could see that were deleted in the last 60 days (worked out from the tables).
 */
async function expectFeedFor(userId: number, events: Map<string, ICAL.Event>) {
  const visible = await visibleEventIds(t, userId)
  const withDeleted = await visibleEventIds(t, userId, { deleted: true })
  const cutoff = new Date(Date.now() - 60 * 86_400_000).toISOString()
  const recentlyDeleted = (
    await t.db.selectFrom('events').select('id').where('deleted_at', '>=', cutoff).execute()
  ).filter((e) => withDeleted.has(e.id))
  const byStatus = (status: string) =>
    [...events]
      .filter(([, event]) => statusOf(event) === status)
      .map(([id]) => id)
      .sort()
  expect(byStatus('CONFIRMED')).toEqual([...visible].sort())
  expect(byStatus('CANCELLED')).toEqual(recentlyDeleted.map((e) => e.id).sort())
  expect(events.size).toBe(visible.size + recentlyDeleted.length)
}

describe('the address', () => {
  it('there is none until asked for; then both addresses are on the college host, and GET answers the same', async () => {
    expect(await body(await api('GET', '/api/v1/calendar-feed', tok.admin!))).toEqual({ feed: null })
    const res = await api('POST', '/api/v1/calendar-feed', tok.admin!)
    expect(res.status).toBe(201)
    const { feed } = await body<{ feed: CalendarFeed }>(res)
    expect(feed.https_url).toMatch(/^http:\/\/localhost\/calendar\/[A-Za-z0-9_-]{20,64}\.ics$/)
    expect(feed.webcal_url).toBe(feed.https_url.replace(/^http:/, 'webcal:'))
    expect(await body(await api('GET', '/api/v1/calendar-feed', tok.admin!))).toEqual({ feed })
    // On the college's other host, the same address on that host.
    const other = await body<{ feed: CalendarFeed }>(
      await api('GET', '/api/v1/calendar-feed', tok.admin!, '127.0.0.1'),
    )
    expect(other.feed.https_url).toBe(feed.https_url.replace('//localhost/', '//127.0.0.1/'))
    // Behind a proxy that says https, https and webcal.
    const proxied = await t.request('GET', '/api/v1/calendar-feed', {
      token: tok.admin,
      headers: { 'x-forwarded-proto': 'https' },
    })
    const { feed: secure } = await body<{ feed: CalendarFeed }>(proxied)
    expect(secure.https_url).toBe(feed.https_url.replace(/^http:/, 'https:'))
    expect(secure.webcal_url).toBe(feed.webcal_url)
    // The token is not kept in clear.
    const token = feed.https_url.split('/').at(-1)!.replace('.ics', '')
    const rows = await t.db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('user_id', '=', uid.admin!)
      .execute()
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('answers 401 without a token', async () => {
    expect((await t.request('GET', '/api/v1/calendar-feed')).status).toBe(401)
    expect((await t.request('POST', '/api/v1/calendar-feed')).status).toBe(401)
  })

  it('asking again gives a new address, and the old one answers 404', async () => {
    const old = await newFeed('staff')
    expect((await fetchFeed(old)).status).toBe(200)
    const fresh = await newFeed('staff')
    expect(fresh).not.toBe(old)
    expect((await fetchFeed(old)).status).toBe(404)
    expect((await fetchFeed(fresh)).status).toBe(200)
  })

  it('a random token, or one of the wrong shape, answers 404', async () => {
    expect((await fetchFeed(`/calendar/${'A'.repeat(32)}.ics`)).status).toBe(404)
    expect((await fetchFeed('/calendar/short.ics')).status).toBe(404)
  })

  it("the address on another college's host answers 404", async () => {
    const path = await newFeed('guardian')
    expect((await fetchFeed(path)).status).toBe(200)
    expect((await fetchFeed(path, 'beta.localhost')).status).toBe(404)
  })
})

describe('what the calendar holds', () => {
  it.each(['guardian', 'student2', 'staff', 'company'])(
    '%s: exactly the events they may see, as VEVENTs with UID <id>@demo',
    async (who) => {
      const { events } = await feedEvents(await newFeed(who))
      expect(events.size).toBeGreaterThan(0)
      await expectFeedFor(uid[who]!, events)
    },
  )

  it("the guardian's holds their course's event, not another course's", async () => {
    const { events } = await feedEvents(await newFeed('guardian'))
    expect(events.get(winter.id)?.summary).toBe('Reunión de invierno')
    expect(events.has(otherCourse.id)).toBe(false)
  })

  it("timed events are written in the college's time zone, and convert back to the stored moment", async () => {
    const { calendar, events } = await feedEvents(await newFeed('guardian'))
    const zones = calendar.getAllSubcomponents('vtimezone')
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['America/Santiago'])
    for (const [stored, offset] of [
      [winter, '-04:00'],
      [summer, '-03:00'],
    ] as const) {
      const event = events.get(stored.id)!
      const start = event.component.getFirstProperty('dtstart')!
      // Wall-clock time with its zone, not UTC: calendars show it in the college's time.
      expect(start.getParameter('tzid')).toBe('America/Santiago')
      expect(event.startDate.zone?.tzid).toBe('America/Santiago')
      expect(event.startDate.isDate).toBe(false)
      expect(event.startDate.toJSDate().toISOString()).toBe(stored.starts_at)
      expect(event.endDate.toJSDate().toISOString()).toBe(stored.ends_at)
      // The wall clock is the stored moment in Santiago at that time of year.
      const wall = new Date(Date.parse(stored.starts_at) + Number(offset.slice(0, 3)) * 3_600_000)
      expect(event.startDate.toString()).toBe(wall.toISOString().slice(0, 19))
    }
  })

  it('all-day events are DATE values, with the day after the last one as the (exclusive) end', async () => {
    const { events } = await feedEvents(await newFeed('guardian'))
    const event = events.get(allDay.id)!
    expect(event.component.getFirstProperty('dtstart')!.type).toBe('date')
    expect(event.startDate.isDate).toBe(true)
    expect(event.endDate.isDate).toBe(true)
    expect(event.startDate.toString()).toBe(FIRST_DAY)
    expect(event.endDate.toString()).toBe(DAY_AFTER)
    expect(event.summary).toBe('Semana del libro')
  })

  it('an edit raises the SEQUENCE, and a deleted event stays as CANCELLED for 60 days', async () => {
    const path = await newFeed('guardian')
    const event = await createEvent(t, tok.staff!, {
      name: 'Se cancelará',
      starts_at: momentFromNow(4),
      ends_at: momentFromNow(4, '16:00'),
    })
    expect((await feedEvents(path)).events.get(event.id)?.sequence).toBe(0)
    const edited = await t.request('PUT', `/api/v1/events/${event.id}`, {
      token: tok.staff,
      json: editOf(event, { name: 'Se cancelará (nuevo horario)' }),
    })
    expect(edited.status).toBe(200)
    const afterEdit = (await feedEvents(path)).events.get(event.id)!
    expect(afterEdit.sequence).toBe(1)
    expect(afterEdit.summary).toBe('Se cancelará (nuevo horario)')

    expect((await t.request('DELETE', `/api/v1/events/${event.id}`, { token: tok.staff })).status).toBe(204)
    const cancelled = (await feedEvents(path)).events.get(event.id)!
    expect(statusOf(cancelled)).toBe('CANCELLED')
    expect(cancelled.sequence).toBe(2)
    // Not in the API's list any more.
    expect((await api('GET', `/api/v1/events/${event.id}`, tok.guardian!)).status).toBe(404)

    // 61 days later, it has left the calendar.
    await t.db
      .updateTable('events')
      .set({ deleted_at: new Date(Date.now() - 61 * 86_400_000).toISOString() })
      .where('id', '=', event.id)
      .execute()
    expect((await feedEvents(path)).events.has(event.id)).toBe(false)
  })

  it("a deleted event of another course never appears in the guardian's calendar", async () => {
    const path = await newFeed('guardian')
    const event = await createEvent(t, tok.staff!, {
      name: 'Solo 2° A',
      grades: [ids.grade2],
      courses: [ids.course2A],
    })
    expect((await t.request('DELETE', `/api/v1/events/${event.id}`, { token: tok.staff })).status).toBe(204)
    expect((await feedEvents(path)).events.has(event.id)).toBe(false)
    expect(statusOf((await feedEvents(await newFeed('student2'))).events.get(event.id)!)).toBe('CANCELLED')
  })

  it("another college's calendar holds only its own events", async () => {
    const betaGuardian = await t.login('guardian@beta.test', 'beta.localhost')
    const res = await t.request('POST', '/api/v1/calendar-feed', {
      token: betaGuardian,
      host: 'beta.localhost',
    })
    expect(res.status).toBe(201)
    const { feed } = await body<{ feed: CalendarFeed }>(res)
    expect(new URL(feed.https_url).host).toBe('beta.localhost')
    const path = new URL(feed.https_url).pathname
    const { events } = await feedEvents(path, 'beta.localhost', 'beta')
    const betaId = await userIdOf(t.db, 'guardian@beta.test', 'beta')
    expect([...events.keys()].sort()).toEqual([...(await visibleEventIds(t, betaId))].sort())
    expect(events.size).toBe(1)
    // Its address is nothing on the demo host.
    expect((await fetchFeed(path, 'localhost')).status).toBe(404)
  })
})

describe('an unchanged calendar', () => {
  it('answers 304 to its ETag; any change to an event of the college gives a new ETag', async () => {
    const path = await newFeed('guardian')
    const first = await fetchFeed(path)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^".+"$/)
    expect(first.headers.get('cache-control')).toContain('no-cache')

    const same = await fetchFeed(path, 'localhost', { 'if-none-match': etag })
    expect(same.status).toBe(304)
    expect(await same.text()).toBe('')
    expect(same.headers.get('etag')).toBe(etag)

    // A change to an event the guardian cannot see changes the ETag too (one cheap query decides).
    const edited = await t.request('PUT', `/api/v1/events/${otherCourse.id}`, {
      token: tok.staff,
      json: editOf(otherCourse, { name: 'Solo 1° B (cambiado)' }),
    })
    expect(edited.status).toBe(200)
    otherCourse = await body<CalendarEvent>(edited)
    const changed = await fetchFeed(path, 'localhost', { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    const etag2 = changed.headers.get('etag')!
    expect(etag2).not.toBe(etag)
    expect((await fetchFeed(path, 'localhost', { 'if-none-match': etag2 })).status).toBe(304)

    // A new event, and a deletion, each give a new one.
    const event = await createEvent(t, tok.staff!, { name: 'Nuevo' })
    const afterCreate = await fetchFeed(path, 'localhost', { 'if-none-match': etag2 })
    expect(afterCreate.status).toBe(200)
    expect(parseCalendar(await afterCreate.text()).events.has(event.id)).toBe(true)
    const etag3 = afterCreate.headers.get('etag')!
    expect((await t.request('DELETE', `/api/v1/events/${event.id}`, { token: tok.staff })).status).toBe(204)
    const afterDelete = await fetchFeed(path, 'localhost', { 'if-none-match': etag3 })
    expect(afterDelete.status).toBe(200)
    expect(afterDelete.headers.get('etag')).not.toBe(etag3)
  })

  it("a change to the college's record (its time zone here) gives a new ETag, and the calendar follows it", async () => {
    const path = await newFeed('guardian')
    const etag = (await fetchFeed(path)).headers.get('etag')!
    const demo = t.db.updateTable('colleges').where('slug', '=', 'demo')
    await demo.set({ timezone: 'America/Punta_Arenas', updated_at: new Date().toISOString() }).execute()
    // Changed behind the server's back (no request): what it kept of the college is dropped, as a write would.
    clearShortCaches(t.db)
    try {
      const changed = await fetchFeed(path, 'localhost', { 'if-none-match': etag })
      expect(changed.status).toBe(200)
      expect(changed.headers.get('etag')).not.toBe(etag)
      expect(await changed.text()).toContain('TZID=America/Punta_Arenas')
    } finally {
      await demo.set({ timezone: 'America/Santiago', updated_at: new Date().toISOString() }).execute()
      clearShortCaches(t.db)
    }
  })
})

describe('the address stops working', () => {
  it('after a password change (404), and the person has no address any more', async () => {
    const path = await newFeed('student2')
    expect((await fetchFeed(path)).status).toBe(200)
    const res = await t.request('PUT', '/api/v1/users/update/password', {
      token: tok.student2,
      headers: EN,
      json: {
        current_password: 'demo12345',
        password: 'changed-pass-1',
        password_confirmation: 'changed-pass-1',
      },
    })
    expect(res.status).toBe(200)
    expect((await fetchFeed(path)).status).toBe(404)
    expect(await body(await api('GET', '/api/v1/calendar-feed', tok.student2!))).toEqual({ feed: null })
    // A new one works.
    expect((await fetchFeed(await newFeed('student2'))).status).toBe(200)
  })

  it('after a password reset (404)', async () => {
    const path = await newFeed('company')
    expect((await fetchFeed(path)).status).toBe(200)
    const seen = await existingMailFiles(t.dataDir)
    const forgot = await t.request('POST', '/api/forgot-password-user', {
      json: { email: 'company@demo.test' },
      headers: { ...EN, 'x-forwarded-for': '192.0.2.10' },
    })
    expect(forgot.status).toBe(200)
    const mail = await waitForMailFile(t.dataDir, 'company@demo.test', seen)
    const { token, email } = resetLinkIn(mail.text)
    const reset = await t.request('POST', '/api/reset-password', {
      json: { token, email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
      headers: { ...EN, 'x-forwarded-for': '192.0.2.11' },
    })
    expect(reset.status).toBe(200)
    expect((await fetchFeed(path)).status).toBe(404)
  })

  it('when the account is deactivated (404)', async () => {
    const path = await newFeed('student')
    expect((await fetchFeed(path)).status).toBe(200)
    const res = await api('POST', `/api/v1/users/${uid.student}/deactivate`, tok.admin!)
    expect(res.status).toBe(200)
    expect((await fetchFeed(path)).status).toBe(404)
  })
})

describe('one event as an .ics file', () => {
  it('answers text/calendar, as a download, with that one VEVENT in the college time zone', async () => {
    const res = await api('GET', `/api/v1/events/${winter.id}/ics`, tok.guardian!)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="event-${winter.id.slice(0, 8)}.ics"`,
    )
    const { calendar, events } = parseCalendar(await res.text())
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1)
    const event = events.get(winter.id)!
    expect(event).toBeDefined()
    expect(event.summary).toBe(winter.name)
    expect(event.location).toBe(winter.location)
    expect(event.description).toBe(winter.description)
    expect(event.startDate.zone?.tzid).toBe('America/Santiago')
    expect(event.startDate.toJSDate().toISOString()).toBe(winter.starts_at)
    expect(event.sequence).toBe(0)
  })

  it('an all-day event as DATE values; an event one may not see answers 404', async () => {
    const { events } = parseCalendar(
      await (await api('GET', `/api/v1/events/${allDay.id}/ics`, tok.guardian!)).text(),
    )
    expect(events.get(allDay.id)!.startDate.toString()).toBe(FIRST_DAY)
    expect(events.get(allDay.id)!.endDate.toString()).toBe(DAY_AFTER)
    expect((await api('GET', `/api/v1/events/${otherCourse.id}/ics`, tok.student2!)).status).toBe(404)
  })
})

describe('a change of course', () => {
  it("changes the guardian's calendar and its ETag, though no event changed", async () => {
    const path = await newFeed('guardian')
    const before = await fetchFeed(path)
    const etag = before.headers.get('etag')!
    expect(parseCalendar(await before.text()).events.has(otherCourse.id)).toBe(false)

    const moved = await t.request('PUT', `/api/v1/students/${uid.student}/courses`, {
      token: tok.admin,
      json: { course_ids: [ids.course1B] },
    })
    expect(moved.status).toBe(200)
    const after = await fetchFeed(path, 'localhost', { 'if-none-match': etag })
    expect(after.status).toBe(200)
    const { events } = parseCalendar(await after.text())
    expect(events.has(otherCourse.id)).toBe(true)
    expect(events.has(winter.id)).toBe(false)
    await expectFeedFor(uid.guardian!, events)
  })
})
