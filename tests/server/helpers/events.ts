// Calendar events as the tests speak them: a valid event body, days around today, and which events a
// person may see, worked out from the tables on their own (the oracle the API is compared with).
import ICAL from 'ical.js'
import { v7 as uuidv7 } from 'uuid'
import type { CalendarEvent, EventInput } from '#shared/events.schema.ts'
import { body, EN } from './http.ts'
import type { TestApp } from './test-app.ts'

export type EventPage = { data: CalendarEvent[]; next_cursor: string | null }

/** The day `n` days from today (UTC), as `YYYY-MM-DD`. */
export const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** A moment `n` days from today at `time` UTC (midday by default: the same day in every zone near it). */
export const momentFromNow = (n: number, time = '15:00') => `${dayFromNow(n)}T${time}:00.000Z`

/** A timed event the server accepts, a week from now, for the whole college unless told otherwise. */
export function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  return {
    id: uuidv7(),
    name: 'Reunión de apoderados',
    description: 'Revisaremos el semestre.',
    location: 'Sala 12',
    all_day: false,
    starts_at: momentFromNow(7, '22:00'),
    ends_at: momentFromNow(7, '23:30'),
    category_id: null,
    grades: ['all'],
    courses: ['all'],
    ...overrides,
  }
}

/** Creates an event and fails the test unless the server answers 201. */
export async function createEvent(
  t: TestApp,
  token: string,
  overrides: Partial<EventInput> = {},
  host = 'localhost',
): Promise<CalendarEvent> {
  const res = await t.request('POST', '/api/v1/events', {
    token,
    host,
    json: eventInput(overrides),
    headers: EN,
  })
  if (res.status !== 201) throw new Error(`creating an event answered ${res.status}: ${await res.text()}`)
  return body<CalendarEvent>(res)
}

/** An edit of a stored event: its fields as the API shows them, with `changes` applied. */
export function editOf(event: CalendarEvent, changes: Partial<EventInput> = {}): Partial<EventInput> {
  const { id: _id, author: _a, created_at: _c, updated_at: _u, ...fields } = event
  return { ...fields, ...changes }
}

/** Every page of GET /api/v1/events with this query, following next_cursor. */
export async function listAllEvents(
  t: TestApp,
  token: string,
  query: Record<string, string> = {},
  host = 'localhost',
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const params = new URLSearchParams({ limit: '100', ...query, ...(cursor ? { cursor } : {}) })
    const res = await t.request('GET', `/api/v1/events?${params}`, { token, host, headers: EN })
    if (res.status !== 200) throw new Error(`listing events answered ${res.status}: ${await res.text()}`)
    const page = await body<EventPage>(res)
    ids.push(...page.data.map((e) => e.id))
    cursor = page.next_cursor
    pages += 1
    if (pages > 200) throw new Error('the list never ended')
  } while (cursor)
  return { ids, pages }
}

/**
 * The ids of the events this user may see, from the tables: not deleted, of their college; all of
 * them with events.manage, else those for the whole college, a grade (every course) of their own or
 * their students' courses, or one of those courses.
 */
export async function visibleEventIds(
  t: TestApp,
  userId: number,
  options: { deleted?: boolean } = {},
): Promise<Set<string>> {
  const user = await t.db
    .selectFrom('users')
    .select(['id', 'college_id', 'role_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const manages = await t.db
    .selectFrom('role_permissions')
    .select('permission')
    .where('role_id', '=', user.role_id)
    .where('permission', '=', 'events.manage')
    .executeTakeFirst()
  const students = [
    user.id,
    ...(
      await t.db.selectFrom('guardianships').select('student_id').where('guardian_id', '=', user.id).execute()
    ).map((g) => g.student_id),
  ]
  const courses = await t.db
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select(['courses.id', 'courses.grade_id'])
    .where('enrollments.student_id', 'in', students)
    .execute()
  const events = await t.db
    .selectFrom('events')
    .select(['id', 'deleted_at'])
    .where('college_id', '=', user.college_id!)
    .execute()
  const targets = await t.db
    .selectFrom('event_targets')
    .select(['event_id', 'grade_id', 'course_id'])
    .where('college_id', '=', user.college_id!)
    .execute()
  const visible = new Set<string>()
  for (const event of events) {
    if (event.deleted_at && !options.deleted) continue
    const reaches =
      manages !== undefined ||
      targets.some(
        (target) =>
          target.event_id === event.id &&
          ((target.grade_id === null && target.course_id === null) ||
            (target.course_id === null && courses.some((c) => c.grade_id === target.grade_id)) ||
            (target.course_id !== null && courses.some((c) => c.id === target.course_id))),
      )
    if (reaches) visible.add(event.id)
  }
  return visible
}

/** A calendar parsed by ical.js, with its VEVENTs by id (the UID without `@<college>`). */
export function parseCalendar(text: string, college = 'demo') {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = new Map<string, ICAL.Event>()
  // Practice sessions of processes share the feed; they are checked apart.
  const practices = new Map<string, ICAL.Event>()
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component)
    const suffix = `@${college}`
    if (!event.uid.endsWith(suffix)) throw new Error(`UID ${event.uid} is not of ${college}`)
    const uid = event.uid.slice(0, -suffix.length)
    ;(uid.startsWith('practice-') ? practices : events).set(uid, event)
  }
  return { calendar, events, practices }
}
