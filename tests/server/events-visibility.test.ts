// Who sees which event: families see the whole college's and their own grade's and course's, those
// who manage events see all; the list filters by days and pages in time order; the sync mirror gets
// the same events, and deletes for those that leave it, never for those it could never see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CalendarEvent, EventInput } from '#shared/events.schema.ts'
import type { SyncChange } from '#shared/sync.ts'
import { createEvent, type EventPage, editOf, listAllEvents, visibleEventIds } from './helpers/events.ts'
import { body, collegeIdOf, EN, userIdOf } from './helpers/http.ts'
import { type DemoIds, demoIds } from './helpers/posts.ts'
import { deleteIds, pull, pullAll, putIds } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let ids: DemoIds
const tok: Record<string, string> = {}
const uid: Record<string, number> = {}
/** name -> event, for the events written in beforeAll. */
const events: Record<string, CalendarEvent> = {}

const PEOPLE = ['guardian', 'student', 'student2', 'staff', 'admin', 'company'] as const

beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  for (const who of PEOPLE) {
    tok[who] = await t.login(`${who}@demo.test`)
    uid[who] = await userIdOf(t.db, `${who}@demo.test`)
  }
  for (const who of ['admin', 'guardian']) {
    tok[`beta-${who}`] = await t.login(`${who}@beta.test`, 'beta.localhost')
    uid[`beta-${who}`] = await userIdOf(t.db, `${who}@beta.test`, 'beta')
  }
  const write = async (name: string, grades: CalendarEvent['grades'], courses: CalendarEvent['courses']) => {
    events[name] = await createEvent(t, tok.staff!, { name, grades, courses })
  }
  await write('Todo el colegio', ['all'], ['all'])
  await write('Primero básico', [ids.grade1], ['all'])
  await write('Primero A', [ids.grade1], [ids.course1A])
  await write('Primero B', [ids.grade1], [ids.course1B])
  await write('Segundo básico', [ids.grade2], ['all'])
  await write('Segundo A', [ids.grade2], [ids.course2A])
  await write('Primero A y Segundo A', ['all'], [ids.course1A, ids.course2A])
  await write('Cancelado', ['all'], ['all'])
  expect(
    (await t.request('DELETE', `/api/v1/events/${events.Cancelado!.id}`, { token: tok.staff })).status,
  ).toBe(204)
})
afterAll(async () => {
  await t.close()
})

/** Names of the events written in beforeAll that this user finds in the list. */
async function namesFor(who: string): Promise<string[]> {
  const { ids: listed } = await listAllEvents(t, tok[who]!)
  return Object.values(events)
    .filter((e) => listed.includes(e.id))
    .map((e) => e.name)
    .sort()
}

/** The order of the list: start (as text: an all-day day before the moments of that day), then id. */
async function inListOrder(eventIds: Iterable<string>): Promise<string[]> {
  const rows = await t.db
    .selectFrom('events')
    .select(['id', 'starts_at'])
    .where('id', 'in', [...eventIds])
    .execute()
  const key = (r: { id: string; starts_at: string }) => [r.starts_at, r.id] as const
  return rows
    .sort((a, b) => {
      const [as, ai] = key(a)
      const [bs, bi] = key(b)
      return as < bs ? -1 : as > bs ? 1 : ai < bi ? -1 : ai > bi ? 1 : 0
    })
    .map((r) => r.id)
}

describe('who sees which event', () => {
  it.each(PEOPLE)(
    '%s: the list holds exactly the events worked out from the tables, in time order',
    async (who) => {
      const expected = await visibleEventIds(t, uid[who]!)
      expect(expected.size).toBeGreaterThan(0)
      const { ids: listed } = await listAllEvents(t, tok[who]!)
      expect(new Set(listed).size).toBe(listed.length)
      expect(listed).toEqual(await inListOrder(expected))
    },
  )

  it("a guardian and their student see the whole college's, their grade's and their course's events, not another course's", async () => {
    const forFirstA = ['Primero A', 'Primero A y Segundo A', 'Primero básico', 'Todo el colegio'].sort()
    expect(await namesFor('guardian')).toEqual(forFirstA)
    expect(await namesFor('student')).toEqual(forFirstA)
    expect(await namesFor('student2')).toEqual(
      ['Primero A y Segundo A', 'Segundo A', 'Segundo básico', 'Todo el colegio'].sort(),
    )
    expect(await namesFor('company')).toEqual(['Todo el colegio'])
    const forGuardian = await visibleEventIds(t, uid.guardian!)
    const forStaff = await visibleEventIds(t, uid.staff!)
    expect(forGuardian.size).toBeLessThan(forStaff.size)
    expect([...forGuardian].every((id) => forStaff.has(id))).toBe(true)
  })

  it('staff and admins see every event but the deleted one', async () => {
    const all = Object.keys(events)
      .filter((name) => name !== 'Cancelado')
      .sort()
    expect(await namesFor('staff')).toEqual(all)
    expect(await namesFor('admin')).toEqual(all)
  })

  it("opening an event one may not see answers 404, one's own answers 200", async () => {
    const open = (who: string, name: string) =>
      t.request('GET', `/api/v1/events/${events[name]!.id}`, { token: tok[who], headers: EN })
    expect((await open('guardian', 'Primero B')).status).toBe(404)
    expect((await open('guardian', 'Segundo A')).status).toBe(404)
    expect((await open('student2', 'Primero A')).status).toBe(404)
    expect((await open('company', 'Primero básico')).status).toBe(404)
    expect((await open('guardian', 'Cancelado')).status).toBe(404)
    const own = await open('guardian', 'Primero A')
    expect(own.status).toBe(200)
    expect(await body(own)).toEqual(events['Primero A'])
    expect((await open('staff', 'Primero B')).status).toBe(200)
  })

  it('a user of another college sees only its events, and none of these', async () => {
    const betaId = await collegeIdOf(t.db, 'beta')
    const betaEvents = await t.db.selectFrom('events').select('id').where('college_id', '=', betaId).execute()
    expect(betaEvents.length).toBeGreaterThan(0)
    const demoEventIds = new Set(
      (
        await t.db
          .selectFrom('events')
          .select('id')
          .where('college_id', '=', await collegeIdOf(t.db, 'demo'))
          .execute()
      ).map((e) => e.id),
    )
    for (const who of ['beta-admin', 'beta-guardian']) {
      const { ids: listed } = await listAllEvents(t, tok[who]!, {}, 'beta.localhost')
      expect(listed, who).toEqual(await inListOrder(await visibleEventIds(t, uid[who]!)))
      expect(listed.some((id) => demoEventIds.has(id))).toBe(false)
      const res = await t.request('GET', `/api/v1/events/${events['Todo el colegio']!.id}`, {
        token: tok[who],
        host: 'beta.localhost',
      })
      expect(res.status).toBe(404)
      const { changes } = await pullAll(t, tok[who]!, { host: 'beta.localhost' })
      expect(changes.filter((c) => demoEventIds.has(c.id))).toEqual([])
      expect(putIds(changes, 'events').sort()).toEqual([...(await visibleEventIds(t, uid[who]!))].sort())
    }
    // The beta admin sees both beta events; the beta guardian, without students, only the whole college's.
    expect((await listAllEvents(t, tok['beta-admin']!, {}, 'beta.localhost')).ids).toHaveLength(
      betaEvents.length,
    )
    expect((await listAllEvents(t, tok['beta-guardian']!, {}, 'beta.localhost')).ids).toHaveLength(1)
  })
})

describe('the list by days', () => {
  /** Events in May 2031, far from the demo calendar: name -> id. */
  const may: Record<string, string> = {}
  const day = (d: number) => `2031-05-${String(d).padStart(2, '0')}`
  const at = (d: number, time: string) => `${day(d)}T${time}:00.000Z`

  beforeAll(async () => {
    const add = async (name: string, fields: Partial<EventInput>) => {
      may[name] = (await createEvent(t, tok.staff!, { name, ...fields })).id
    }
    await add('ends the day before', { all_day: true, starts_at: day(8), ends_at: day(9) })
    await add('timed the day before', { starts_at: at(9, '15:00'), ends_at: at(9, '16:00') })
    // The days are Santiago's (UTC-4 in May): 02:00 UTC on the 10th is still the evening of the 9th.
    await add('evening before, in Santiago', { starts_at: at(10, '01:00'), ends_at: at(10, '02:00') })
    await add('evening of the last day, in Santiago', {
      starts_at: at(13, '01:00'),
      ends_at: at(13, '02:30'),
    })
    await add('all day into the first day', { all_day: true, starts_at: day(9), ends_at: day(10) })
    await add('timed into the first day', { starts_at: at(9, '15:00'), ends_at: at(10, '13:00') })
    await add('timed on the first day', { starts_at: at(10, '15:00'), ends_at: at(10, '16:00') })
    await add('timed on the last day', { starts_at: at(12, '15:00'), ends_at: at(12, '16:00') })
    await add('the whole month', { all_day: true, starts_at: day(1), ends_at: day(31) })
    await add('all day after', { all_day: true, starts_at: day(13), ends_at: day(13) })
    await add('timed after', { starts_at: at(13, '15:00'), ends_at: at(13, '16:00') })
    await add('for 1° B, inside', {
      grades: [ids.grade1],
      courses: [ids.course1B],
      starts_at: at(11, '15:00'),
      ends_at: at(11, '16:00'),
    })
  })

  const namesIn = (listed: string[]) =>
    Object.entries(may)
      .filter(([, id]) => listed.includes(id))
      .map(([name]) => name)
      .sort()

  it('from..to answers the events that overlap those days, among those the user may see', async () => {
    const inside = [
      'all day into the first day',
      'timed into the first day',
      'timed on the first day',
      'timed on the last day',
      'evening of the last day, in Santiago',
      'the whole month',
    ]
    const forStaff = await listAllEvents(t, tok.staff!, { from: day(10), to: day(12) })
    expect(namesIn(forStaff.ids)).toEqual([...inside, 'for 1° B, inside'].sort())
    // Nothing of the demo calendar, which is years earlier.
    expect(forStaff.ids.every((id) => Object.values(may).includes(id))).toBe(true)
    expect(forStaff.ids).toEqual(await inListOrder(forStaff.ids))
    const forGuardian = await listAllEvents(t, tok.guardian!, { from: day(10), to: day(12) })
    expect(forGuardian.ids).toEqual(await inListOrder(inside.map((name) => may[name]!)))
  })

  it('from alone leaves out what ended before; to alone what starts after', async () => {
    const visible = await visibleEventIds(t, uid.staff!)
    const before = ['ends the day before', 'timed the day before', 'evening before, in Santiago']
    const after = ['all day after', 'timed after']
    const mayIds = new Set(Object.values(may))

    const fromOnly = await listAllEvents(t, tok.staff!, { from: day(10) })
    expect(fromOnly.ids).toEqual(
      await inListOrder(
        Object.entries(may)
          .filter(([name]) => !before.includes(name))
          .map(([, id]) => id),
      ),
    )
    const toOnly = await listAllEvents(t, tok.staff!, { to: day(12) })
    const earlier = [...visible].filter((id) => !mayIds.has(id))
    expect(earlier.length).toBeGreaterThan(10)
    expect(toOnly.ids).toEqual(
      await inListOrder([
        ...earlier,
        ...Object.entries(may)
          .filter(([name]) => !after.includes(name))
          .map(([, id]) => id),
      ]),
    )
    // A single day.
    const oneDay = await listAllEvents(t, tok.staff!, { from: day(13), to: day(13) })
    expect(namesIn(oneDay.ids)).toEqual(['all day after', 'the whole month', 'timed after'])
  })

  it('refuses a day that is not a date (422, on the field)', async () => {
    for (const query of ['from=2031-02-30', 'to=tomorrow']) {
      const res = await t.request('GET', `/api/v1/events?${query}`, { token: tok.staff, headers: EN })
      expect(res.status, query).toBe(422)
      const field = query.split('=')[0]!
      expect((await body(res)).errors, query).toEqual({ [field]: ['Please enter a valid date'] })
    }
  })
})

describe('pages', () => {
  it('walks every visible event exactly once, two at a time, in time order (ties broken by id)', async () => {
    // Three events at the same moment, and an all-day one on that day: the cursor must neither skip
    // nor repeat one.
    const moment = '2030-01-15T15:00:00.000Z'
    for (const name of ['Empate 1', 'Empate 2', 'Empate 3']) {
      await createEvent(t, tok.staff!, { name, starts_at: moment, ends_at: '2030-01-15T16:00:00.000Z' })
    }
    await createEvent(t, tok.staff!, {
      name: 'Todo el día',
      all_day: true,
      starts_at: '2030-01-15',
      ends_at: '2030-01-15',
    })

    for (const who of ['staff', 'guardian']) {
      const expected = await inListOrder(await visibleEventIds(t, uid[who]!))
      expect(expected.length).toBeGreaterThanOrEqual(5)
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const query = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
        const res = await t.request('GET', `/api/v1/events${query}`, { token: tok[who], headers: EN })
        expect(res.status).toBe(200)
        const page: EventPage = await body<EventPage>(res)
        expect(page.data.length).toBeLessThanOrEqual(2)
        seen.push(...page.data.map((e) => e.id))
        cursor = page.next_cursor
        pages += 1
        expect(pages).toBeLessThan(100)
      } while (cursor)
      expect(seen, who).toEqual(expected)
      expect(pages, who).toBe(Math.ceil(expected.length / 2))
    }
  })

  it('refuses a limit that is not a positive whole number (422)', async () => {
    const res = await t.request('GET', '/api/v1/events?limit=0', { token: tok.guardian, headers: EN })
    expect(res.status).toBe(422)
    expect(Object.keys((await body(res)).errors)).toEqual(['limit'])
  })
})

describe('the sync mirror', () => {
  const changesOf = (changes: SyncChange[], id: string) =>
    changes.filter((c) => c.collection === 'events' && c.id === id).map((c) => c.op)

  it("a first pull brings exactly the guardian's events and the college's categories", async () => {
    const { changes } = await pullAll(t, tok.guardian!, { limit: 4 })
    expect(putIds(changes, 'events').sort()).toEqual([...(await visibleEventIds(t, uid.guardian!))].sort())
    // Later pages may drop an event the mirror never had, only one that was for the guardian: here
    // the cancelled one for the whole college, never one for another course.
    for (const id of deleteIds(changes, 'events')) expect(id).toBe(events.Cancelado!.id)
    expect(changes.some((c) => c.id === events['Primero B']!.id || c.id === events['Segundo A']!.id)).toBe(
      false,
    )
    // One page, a first pull: puts only.
    const { page: whole } = await pull(t, tok.guardian!, { limit: 1000 })
    expect(whole.hasMore).toBe(false)
    expect(deleteIds(whole.changes, 'events')).toEqual([])
    expect(putIds(whole.changes, 'events').sort()).toEqual(putIds(changes, 'events').sort())
    const categories = await t.db
      .selectFrom('event_categories')
      .select('id')
      .where('college_id', '=', await collegeIdOf(t.db, 'demo'))
      .execute()
    expect(putIds(changes, 'event_categories').sort()).toEqual(categories.map((c) => String(c.id)).sort())
    // The rows are the API's shape.
    const put = changes.find((c) => c.collection === 'events' && c.id === events['Primero A']!.id)
    expect(put).toMatchObject({ op: 'put', data: events['Primero A'] })
  })

  it('an event re-targeted away from the guardian or deleted arrives as a delete; one they could never see is never named', async () => {
    const leaves = await createEvent(t, tok.staff!, {
      name: 'Se va a 1° B',
      grades: [ids.grade1],
      courses: [ids.course1A],
    })
    const deleted = await createEvent(t, tok.staff!, { name: 'Se cancela' })
    const stays = await createEvent(t, tok.staff!, {
      name: 'Cambia de nombre',
      grades: [ids.grade1],
      courses: ['all'],
    })
    const never = await createEvent(t, tok.staff!, {
      name: 'Solo 1° B',
      grades: [ids.grade1],
      courses: [ids.course1B],
    })
    const arrives = await createEvent(t, tok.staff!, {
      name: 'Llega a 1° A',
      grades: [ids.grade2],
      courses: [ids.course2A],
    })

    const { changes: first, cursor } = await pullAll(t, tok.guardian!)
    expect(putIds(first, 'events')).toEqual(expect.arrayContaining([leaves.id, deleted.id, stays.id]))
    expect(first.some((c) => c.id === never.id || c.id === arrives.id)).toBe(false)
    const { cursor: student2Cursor } = await pullAll(t, tok.student2!)
    const { cursor: staffCursor } = await pullAll(t, tok.staff!)

    const edit = (event: CalendarEvent, changes: Partial<EventInput>) =>
      t.request('PUT', `/api/v1/events/${event.id}`, {
        token: tok.staff,
        json: editOf(event, changes),
        headers: EN,
      })
    const remove = (event: CalendarEvent) =>
      t.request('DELETE', `/api/v1/events/${event.id}`, { token: tok.staff, headers: EN })
    expect((await edit(leaves, { courses: [ids.course1B] })).status).toBe(200)
    expect((await remove(deleted)).status).toBe(204)
    expect((await edit(stays, { name: 'Nuevo nombre' })).status).toBe(200)
    expect((await edit(never, { courses: [ids.course1B], name: 'Solo 1° B, editado' })).status).toBe(200)
    expect((await edit(never, { grades: [ids.grade2], courses: [ids.course2A] })).status).toBe(200)
    expect((await remove(never)).status).toBe(204)
    expect((await edit(arrives, { grades: [ids.grade1], courses: [ids.course1A] })).status).toBe(200)

    const { changes } = await pullAll(t, tok.guardian!, { since: cursor })
    expect(changesOf(changes, leaves.id)).toEqual(['delete'])
    expect(changesOf(changes, deleted.id)).toEqual(['delete'])
    expect(changesOf(changes, never.id)).toEqual([])
    expect(changes.some((c) => c.id === never.id)).toBe(false)
    expect(changes.filter((c) => c.id === stays.id)).toMatchObject([
      { collection: 'events', op: 'put', data: { name: 'Nuevo nombre' } },
    ])
    expect(changes.filter((c) => c.id === arrives.id)).toMatchObject([
      { collection: 'events', op: 'put', data: { courses: [ids.course1A] } },
    ])

    // Another family: only the deletion of the event for everyone; the others were never theirs.
    const { changes: forStudent2 } = await pullAll(t, tok.student2!, { since: student2Cursor })
    expect(changesOf(forStudent2, deleted.id)).toEqual(['delete'])
    expect(changesOf(forStudent2, leaves.id)).toEqual([])
    expect(changesOf(forStudent2, stays.id)).toEqual([])
    // Seen while it was for 2° A, then moved away from it: a delete.
    expect(changesOf(forStudent2, arrives.id)).toEqual(['delete'])
    // `never` was for 2° A for a while before it was deleted: its deletion reaches 2° A's families.
    expect(changesOf(forStudent2, never.id)).toEqual(['delete'])

    // Staff see everything: the re-targeted one as a put, the deleted ones as deletes.
    const { changes: forStaff } = await pullAll(t, tok.staff!, { since: staffCursor })
    expect(forStaff.filter((c) => c.id === leaves.id)).toMatchObject([
      { op: 'put', data: { courses: [ids.course1B] } },
    ])
    expect(changesOf(forStaff, deleted.id)).toEqual(['delete'])
    expect(changesOf(forStaff, never.id)).toEqual(['delete'])

    // Pulling again from the new cursor brings nothing more about them.
    const { cursor: after } = await pullAll(t, tok.guardian!, { since: cursor })
    const { changes: again } = await pullAll(t, tok.guardian!, { since: after })
    expect(again).toEqual([])
  })

  it('a new category arrives in the next pull', async () => {
    const { cursor } = await pullAll(t, tok.guardian!)
    const res = await t.request('POST', '/api/v1/event-categories', {
      token: tok.staff,
      json: { name: 'Deportes', color: '#0EA5E9' },
      headers: EN,
    })
    expect(res.status).toBe(201)
    const category = await body<{ id: number; name: string; color: string }>(res)
    expect(category).toMatchObject({ name: 'Deportes', color: '#0ea5e9' })
    const { changes } = await pullAll(t, tok.guardian!, { since: cursor })
    expect(changes).toMatchObject([
      { collection: 'event_categories', op: 'put', id: String(category.id), data: category },
    ])
  })
})
