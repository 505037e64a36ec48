// Staff write the school calendar: what is stored, what a replay does, what is refused, who may write,
// edits from an old version, deletion, and another college.
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CalendarEvent } from '#shared/events.schema.ts'
import {
  createEvent,
  dayFromNow,
  editOf,
  eventInput,
  listAllEvents,
  parseCalendar,
} from './helpers/events.ts'
import { body, collegeIdOf, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { type DemoIds, demoIds } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let ids: DemoIds
let staff: string
let admin: string
let guardian: string
let student: string
let company: string
let betaAdmin: string
let categoryId: number
let betaCategoryId: number
let betaCourseId: number
let betaGradeId: number
beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  staff = await t.login('staff@demo.test')
  admin = await t.login('admin@demo.test')
  guardian = await t.login('guardian@demo.test')
  student = await t.login('student@demo.test')
  company = await t.login('company@demo.test')
  betaAdmin = await t.login('admin@beta.test', 'beta.localhost')
  const category = async (slug: 'demo' | 'beta') =>
    (
      await t.db
        .selectFrom('event_categories')
        .select('id')
        .where('college_id', '=', await collegeIdOf(t.db, slug))
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id
  categoryId = await category('demo')
  betaCategoryId = await category('beta')
  const betaCourse = await t.db
    .selectFrom('courses')
    .select(['id', 'grade_id'])
    .where('name', '=', '7A')
    .executeTakeFirstOrThrow()
  betaCourseId = betaCourse.id
  betaGradeId = betaCourse.grade_id
})
afterAll(async () => {
  await t.close()
})

const send = (method: string, path: string, token: string, json?: unknown, headers = {}) =>
  t.request(method, path, { token, json, headers: { ...EN, ...headers } })

const eventRows = (id: string) => t.db.selectFrom('events').selectAll().where('id', '=', id).execute()
const auditOf = (id: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'college_id', 'subject_type', 'subject_id'])
    .where('subject_type', '=', 'event')
    .where('subject_id', '=', id)
    .orderBy('id')
    .execute()

/** The SEQUENCE of the event's .ics file, read with ical.js. */
async function sequenceOf(id: string): Promise<number> {
  const res = await send('GET', `/api/v1/events/${id}/ics`, staff)
  expect(res.status).toBe(200)
  const { events } = parseCalendar(await res.text())
  expect([...events.keys()]).toEqual([id])
  return events.get(id)!.sequence
}

describe('staff create an event', () => {
  it('stores it with its fields, targets and category (201), and GET answers the same', async () => {
    const day = dayFromNow(5)
    const input = eventInput({
      name: '  Reunión de 1° A  ',
      category_id: categoryId,
      grades: [ids.grade1],
      courses: [ids.course1A],
      starts_at: `${day}T19:00:00-03:00`,
      ends_at: `${day}T20:30:00-03:00`,
    })
    const res = await send('POST', '/api/v1/events', staff, input)
    expect(res.status).toBe(201)
    const event = await body<CalendarEvent>(res)
    expect(event).toEqual({
      id: input.id,
      name: 'Reunión de 1° A',
      description: input.description,
      location: input.location,
      all_day: false,
      // Stored as the UTC moment.
      starts_at: `${day}T22:00:00.000Z`,
      ends_at: `${day}T23:30:00.000Z`,
      category_id: categoryId,
      grades: [ids.grade1],
      courses: [ids.course1A],
      author: { id: await userIdOf(t.db, 'staff@demo.test'), name: 'Sergio Profesor' },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })
    const fetched = await send('GET', `/api/v1/events/${input.id}`, staff)
    expect(fetched.status).toBe(200)
    expect(await body(fetched)).toEqual(event)
    expect(fetched.headers.get('etag')).toBe(`"${event.updated_at}"`)
    const [row] = await eventRows(input.id)
    expect(row).toMatchObject({ sequence: 0, all_day: 0, deleted_at: null })
  })

  it('stores an all-day event with its first and last day', async () => {
    const [first, last] = [dayFromNow(10), dayFromNow(12)]
    const event = await createEvent(t, admin, { all_day: true, starts_at: first, ends_at: last })
    expect(event).toMatchObject({ all_day: true, starts_at: first, ends_at: last })
  })

  it('sending the same event again answers 200 with the stored event and stores no second row', async () => {
    const input = eventInput({ name: 'Cambio de horario' })
    const first = await send('POST', '/api/v1/events', staff, input)
    expect(first.status).toBe(201)
    const stored = await body<CalendarEvent>(first)
    const targets = () =>
      t.db.selectFrom('event_targets').selectAll().where('event_id', '=', input.id).execute()
    const written = await targets()
    expect(written.length).toBeGreaterThan(0)

    const replay = await send('POST', '/api/v1/events', staff, input)
    expect(replay.status).toBe(200)
    expect(await body(replay)).toEqual(stored)
    // Even with an edited body, or the id in upper case: the first one stays.
    const again = await send('POST', '/api/v1/events', staff, {
      ...input,
      id: input.id.toUpperCase(),
      name: 'Otro nombre',
    })
    expect(again.status).toBe(200)
    expect(await body(again)).toEqual(stored)
    expect(await eventRows(input.id)).toHaveLength(1)
    // Its targets and its audit row were written once, with the event, and not again by the replays.
    expect(await targets()).toEqual(written)
    expect((await auditOf(input.id)).map((a) => a.action)).toEqual(['event.created'])
  })

  it('answers a replay with the stored event even when what it sends would be refused today', async () => {
    const input = eventInput({ name: 'Reunión de apoderados', grades: [ids.grade1], courses: [ids.course1A] })
    const stored = await body<CalendarEvent>(await send('POST', '/api/v1/events', staff, input))
    const replay = await send('POST', '/api/v1/events', staff, {
      ...input,
      category_id: 999_999,
      courses: [999_998],
    })
    expect(replay.status).toBe(200)
    expect(await body(replay)).toEqual(stored)
    expect(await eventRows(input.id)).toHaveLength(1)
  })

  it('the same event sent three times at once is stored once; one answer is 201, the others 200', async () => {
    const input = eventInput({ name: 'Tres veces' })
    const answers = await Promise.all([1, 2, 3].map(() => send('POST', '/api/v1/events', staff, input)))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201])
    expect(await eventRows(input.id)).toHaveLength(1)
  })

  it("answers 409 to another user who sends someone else's id, and changes nothing", async () => {
    const input = eventInput({ name: 'Original' })
    expect((await send('POST', '/api/v1/events', staff, input)).status).toBe(201)
    const res = await send('POST', '/api/v1/events', admin, { ...input, name: 'Hijacked' })
    expect(res.status).toBe(409)
    expect((await body<ErrorBody>(res)).message).toBe('This record belongs to someone else.')
    expect((await eventRows(input.id)).map((r) => r.name)).toEqual(['Original'])
  })

  it('writes an audit row for the creation, the edit and the deletion', async () => {
    const event = await createEvent(t, staff)
    expect(
      (await send('PUT', `/api/v1/events/${event.id}`, staff, editOf(event, { name: 'x' }))).status,
    ).toBe(200)
    expect((await send('DELETE', `/api/v1/events/${event.id}`, staff)).status).toBe(204)
    const staffId = await userIdOf(t.db, 'staff@demo.test')
    const collegeId = await collegeIdOf(t.db, 'demo')
    expect(await auditOf(event.id)).toEqual(
      ['event.created', 'event.updated', 'event.deleted'].map((action) => ({
        action,
        actor_id: staffId,
        college_id: collegeId,
        subject_type: 'event',
        subject_id: event.id,
      })),
    )
  })
})

describe('an event the server refuses (422)', () => {
  const errorsOf = async (json: unknown) => {
    const res = await send('POST', '/api/v1/events', staff, json)
    expect(res.status).toBe(422)
    const error = await body<ErrorBody>(res)
    expect(error.message).toBe('The given data was invalid.')
    expect(await eventRows((json as { id: string }).id)).toHaveLength(0)
    return error.errors ?? {}
  }

  it('asks for the name when it is missing or blank', async () => {
    const { name: _omitted, ...withoutName } = eventInput()
    expect(await errorsOf(withoutName)).toEqual({ name: ['field required.'] })
    expect(await errorsOf(eventInput({ name: '   ' }))).toEqual({ name: ['field required.'] })
  })

  it('refuses an end before the start, on ends_at', async () => {
    expect(
      await errorsOf(
        eventInput({ starts_at: '2026-03-10T20:00:00.000Z', ends_at: '2026-03-10T19:59:00.000Z' }),
      ),
    ).toEqual({ ends_at: ['The end must be after the start'] })
    expect(
      await errorsOf(eventInput({ all_day: true, starts_at: '2026-03-10', ends_at: '2026-03-09' })),
    ).toEqual({ ends_at: ['The end must be after the start'] })
  })

  it('refuses a moment for an all-day event, and a bare day for a timed one', async () => {
    const allDay = await errorsOf(
      eventInput({ all_day: true, starts_at: '2026-03-10T12:00:00.000Z', ends_at: '2026-03-10' }),
    )
    expect(allDay).toEqual({ starts_at: ['Please enter a valid date and time'] })
    const timed = await errorsOf(
      eventInput({ all_day: false, starts_at: '2026-03-10T12:00:00.000Z', ends_at: '2026-03-11' }),
    )
    expect(timed).toEqual({ ends_at: ['Please enter a valid date and time'] })
  })

  it('refuses dates that are not dates, or out of the years a school means', async () => {
    expect(await errorsOf(eventInput({ starts_at: 'next tuesday' }))).toEqual({
      starts_at: ['Please enter a valid date and time'],
    })
    expect(await errorsOf(eventInput({ starts_at: '+010000-01-01', ends_at: '+010000-01-02' }))).toEqual({
      starts_at: ['Please enter a date between the years 2000 and 2099'],
      ends_at: ['Please enter a date between the years 2000 and 2099'],
    })
    expect(
      await errorsOf(eventInput({ all_day: true, starts_at: '1999-12-31', ends_at: '2026-01-01' })),
    ).toEqual({ starts_at: ['Please enter a date between the years 2000 and 2099'] })
    expect(
      await errorsOf(eventInput({ all_day: true, starts_at: '2026-02-30', ends_at: '2026-03-01' })),
    ).toEqual({ starts_at: ['Please enter a valid date and time'] })
  })

  it("refuses an unknown category, or another college's", async () => {
    const unknown = { category_id: ['This category no longer exists. Please choose another.'] }
    expect(await errorsOf(eventInput({ category_id: 999_999 }))).toEqual(unknown)
    expect(await errorsOf(eventInput({ category_id: betaCategoryId }))).toEqual(unknown)
  })

  it("refuses an unknown course, another college's, or one outside the chosen grades", async () => {
    const unknown = { courses: ['One of the chosen courses no longer exists. Please choose again.'] }
    expect(await errorsOf(eventInput({ grades: [ids.grade1], courses: [999_999] }))).toEqual(unknown)
    expect(await errorsOf(eventInput({ grades: ['all'], courses: [betaCourseId] }))).toEqual(unknown)
    // Another college's grade and its course, looked up together, are neither of them this college's.
    expect(await errorsOf(eventInput({ grades: [betaGradeId], courses: [betaCourseId] }))).toEqual({
      grades: ['One of the chosen grades no longer exists. Please choose again.'],
    })
    expect(await errorsOf(eventInput({ grades: [ids.grade1], courses: [ids.course2A] }))).toEqual(unknown)
    expect(await errorsOf(eventInput({ grades: [999_999], courses: ['all'] }))).toEqual({
      grades: ['One of the chosen grades no longer exists. Please choose again.'],
    })
  })

  it('asks for a grade and a course when none is chosen', async () => {
    expect(await errorsOf(eventInput({ grades: [], courses: [] }))).toEqual({
      grades: ['Please choose a grade'],
      courses: ['Please choose a course'],
    })
  })

  it('an edit is validated like a creation, and changes nothing', async () => {
    const event = await createEvent(t, staff, { name: 'Intacto' })
    const res = await send(
      'PUT',
      `/api/v1/events/${event.id}`,
      staff,
      editOf(event, { starts_at: event.ends_at, ends_at: event.starts_at }),
    )
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({ ends_at: ['The end must be after the start'] })
    expect(await body(await send('GET', `/api/v1/events/${event.id}`, staff))).toEqual(event)
  })
})

describe('who may write', () => {
  it.each([
    ['guardian', () => guardian],
    ['student', () => student],
    ['company', () => company],
  ])('a %s cannot create, edit or delete an event (403), and nothing changes', async (_role, token) => {
    const input = eventInput()
    const created = await send('POST', '/api/v1/events', token(), input)
    expect(created.status).toBe(403)
    expect((await body<ErrorBody>(created)).message).toBe('You do not have permission to do this.')
    expect(await eventRows(input.id)).toHaveLength(0)

    const event = await createEvent(t, staff, { name: 'Para todos' })
    const edited = await send('PUT', `/api/v1/events/${event.id}`, token(), editOf(event, { name: 'Mío' }))
    expect(edited.status).toBe(403)
    expect((await send('DELETE', `/api/v1/events/${event.id}`, token())).status).toBe(403)
    // They can read it (it is for the whole college), unchanged.
    const read = await send('GET', `/api/v1/events/${event.id}`, token())
    expect(read.status).toBe(200)
    expect(await body(read)).toEqual(event)
  })

  it('answers 401 without a token', async () => {
    expect((await t.request('POST', '/api/v1/events', { json: eventInput() })).status).toBe(401)
    expect((await t.request('GET', '/api/v1/events')).status).toBe(401)
  })
})

describe('editing', () => {
  it("an edit changes the fields and targets, keeps the author, and bumps the .ics file's SEQUENCE", async () => {
    const [first, last] = [dayFromNow(20), dayFromNow(21)]
    const event = await createEvent(t, staff, { name: 'Antes', grades: [ids.grade1], courses: ['all'] })
    expect(await sequenceOf(event.id)).toBe(0)
    const res = await send(
      'PUT',
      `/api/v1/events/${event.id}`,
      admin,
      editOf(event, {
        name: 'Después',
        all_day: true,
        starts_at: first,
        ends_at: last,
        grades: [ids.grade2],
        courses: [ids.course2A],
        category_id: categoryId,
      }),
      { 'if-match': `"${event.updated_at}"` },
    )
    expect(res.status).toBe(200)
    const edited = await body<CalendarEvent>(res)
    expect(edited).toEqual({
      ...event,
      name: 'Después',
      all_day: true,
      starts_at: first,
      ends_at: last,
      grades: [ids.grade2],
      courses: [ids.course2A],
      category_id: categoryId,
      updated_at: expect.any(String),
    })
    expect(edited.updated_at > event.updated_at).toBe(true)
    expect(await sequenceOf(event.id)).toBe(1)
    expect((await send('PUT', `/api/v1/events/${event.id}`, staff, editOf(edited))).status).toBe(200)
    expect(await sequenceOf(event.id)).toBe(2)
  })

  it('an edit from an old version gets 409 with the event as it is now, and changes nothing', async () => {
    const event = await createEvent(t, staff)
    const theirs = await send('PUT', `/api/v1/events/${event.id}`, admin, editOf(event, { name: 'Theirs' }), {
      'if-match': `"${event.updated_at}"`,
    })
    expect(theirs.status).toBe(200)
    const current = await body<CalendarEvent>(theirs)

    const late = await send('PUT', `/api/v1/events/${event.id}`, staff, editOf(event, { name: 'Mine' }), {
      'if-match': `"${event.updated_at}"`,
    })
    expect(late.status).toBe(409)
    const answer = await body<{ message: string; current: CalendarEvent }>(late)
    expect(answer.message).toBe(
      'Someone else changed this while your change was waiting. Choose which version to keep.',
    )
    expect(answer.current).toEqual(current)
    expect((await eventRows(event.id))[0]).toMatchObject({ name: 'Theirs', sequence: 1 })

    // A deletion from the old version is refused the same way.
    const deleted = await send('DELETE', `/api/v1/events/${event.id}`, staff, undefined, {
      'if-match': `"${event.updated_at}"`,
    })
    expect(deleted.status).toBe(409)
    expect((await body<{ current: CalendarEvent }>(deleted)).current).toEqual(current)

    // Keeping mine means sending it again from their version.
    const kept = await send('PUT', `/api/v1/events/${event.id}`, staff, editOf(event, { name: 'Mine' }), {
      'if-match': `"${current.updated_at}"`,
    })
    expect(kept.status).toBe(200)
    expect((await body<CalendarEvent>(kept)).name).toBe('Mine')
  })

  it('of two edits racing from the same version, one is applied and the other gets 409', async () => {
    const event = await createEvent(t, staff)
    const answers = await Promise.all(
      ['First', 'Second'].map((name) =>
        send('PUT', `/api/v1/events/${event.id}`, staff, editOf(event, { name }), {
          'if-match': `"${event.updated_at}"`,
        }),
      ),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await eventRows(event.id))[0]?.sequence).toBe(1)
  })

  it('editing or deleting an event that does not exist answers 404', async () => {
    const event = await createEvent(t, staff)
    expect((await send('PUT', `/api/v1/events/${uuidv7()}`, staff, editOf(event))).status).toBe(404)
    expect((await send('DELETE', `/api/v1/events/${uuidv7()}`, staff)).status).toBe(404)
    expect((await send('GET', '/api/v1/events/not-a-uuid', staff)).status).toBe(404)
  })
})

describe('deleting', () => {
  it('a deleted event is gone (404), a late replay of its creation does not bring it back, and it cannot be edited', async () => {
    const input = eventInput({ name: 'Se cancela' })
    expect((await send('POST', '/api/v1/events', staff, input)).status).toBe(201)
    const deleted = await send('DELETE', `/api/v1/events/${input.id}`, staff)
    expect(deleted.status).toBe(204)
    expect(await deleted.text()).toBe('')

    for (const token of [staff, admin, guardian]) {
      expect((await send('GET', `/api/v1/events/${input.id}`, token)).status).toBe(404)
      expect((await send('GET', `/api/v1/events/${input.id}/ics`, token)).status).toBe(404)
    }
    expect((await listAllEvents(t, staff)).ids).not.toContain(input.id)
    // Deleting again changes nothing.
    expect((await send('DELETE', `/api/v1/events/${input.id}`, staff)).status).toBe(204)
    expect((await send('POST', '/api/v1/events', staff, input)).status).toBe(404)
    expect((await send('PUT', `/api/v1/events/${input.id}`, staff, input)).status).toBe(404)

    const rows = await eventRows(input.id)
    expect(rows).toHaveLength(1)
    // Kept for the calendar feeds, which announce it as cancelled with a newer SEQUENCE.
    expect(rows[0]?.deleted_at).not.toBeNull()
    expect(rows[0]?.sequence).toBe(1)
  })
})

describe('another college', () => {
  it("cannot read, edit or delete this college's events (404), and changes nothing", async () => {
    const event = await createEvent(t, staff, { name: 'Solo Demo' })
    const asBeta = (method: string, path: string, json?: unknown) =>
      t.request(method, path, { token: betaAdmin, host: 'beta.localhost', json, headers: EN })

    expect((await asBeta('GET', `/api/v1/events/${event.id}`)).status).toBe(404)
    expect((await asBeta('GET', `/api/v1/events/${event.id}/ics`)).status).toBe(404)
    expect((await asBeta('PUT', `/api/v1/events/${event.id}`, editOf(event, { name: 'Beta' }))).status).toBe(
      404,
    )
    expect((await asBeta('DELETE', `/api/v1/events/${event.id}`)).status).toBe(404)
    // Creating with the same id neither overwrites it nor tells what it is.
    const taken = await asBeta('POST', '/api/v1/events', eventInput({ id: event.id, name: 'Beta' }))
    expect(taken.status).toBe(409)
    expect(await body(taken)).toEqual({ message: 'This record belongs to someone else.' })

    expect(await body(await send('GET', `/api/v1/events/${event.id}`, staff))).toEqual(event)
    expect((await eventRows(event.id))[0]).toMatchObject({ sequence: 0, deleted_at: null })
    expect((await auditOf(event.id)).map((a) => a.action)).toEqual(['event.created'])
  })

  it("a token of this college gets 401 on another college's host, and changes nothing", async () => {
    const event = await createEvent(t, staff)
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/events'],
      ['GET', `/api/v1/events/${event.id}`],
      ['GET', `/api/v1/events/${event.id}/ics`],
      ['POST', '/api/v1/events', eventInput()],
      ['PUT', `/api/v1/events/${event.id}`, editOf(event, { name: 'Beta' })],
      ['DELETE', `/api/v1/events/${event.id}`],
      ['GET', '/api/v1/event-categories'],
      ['POST', '/api/v1/event-categories', { name: 'Intrusos', color: '#123456' }],
      ['GET', '/api/v1/calendar-feed'],
      ['POST', '/api/v1/calendar-feed'],
    ]
    for (const [method, path, json] of calls) {
      const res = await t.request(method, path, { token: staff, host: 'beta.localhost', json, headers: EN })
      expect({ call: `${method} ${path}`, status: res.status }).toEqual({
        call: `${method} ${path}`,
        status: 401,
      })
    }
    expect(await body(await send('GET', `/api/v1/events/${event.id}`, staff))).toEqual(event)
    expect(await t.db.selectFrom('calendar_feeds').selectAll().execute()).toEqual([])
    expect(
      await t.db.selectFrom('event_categories').select('id').where('name', '=', 'Intrusos').execute(),
    ).toEqual([])
  })
})
