// Processes and practice schedules: who writes them, what is refused (overlaps above all), who sees
// which schedules in their mirror, and another college.
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Process, type ScheduleInput, weekdayOf } from '#shared/processes.schema.ts'
import { addDays, todayIn } from '#shared/time-zones.ts'
import { parseCalendar } from './helpers/events.ts'
import { body, EN, type ErrorBody } from './helpers/http.ts'
import { type DemoIds, demoIds } from './helpers/posts.ts'
import { deleteIds, mirrorOf, pullAll } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let ids: DemoIds
let staff: string
let guardian: string
let student2: string
let betaAdmin: string
let betaCourse: number
// A Monday well in the future, so no demo practice meets near it.
const MONDAY = '2031-03-03'

beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  staff = await t.login('staff@demo.test')
  guardian = await t.login('guardian@demo.test')
  student2 = await t.login('student2@demo.test')
  betaAdmin = await t.login('admin@beta.test', 'beta.localhost')
  betaCourse = (
    await t.db.selectFrom('courses').select('id').where('name', '=', '7A').executeTakeFirstOrThrow()
  ).id
})
afterAll(async () => {
  await t.close()
})

const send = (
  method: string,
  path: string,
  token: string,
  json?: unknown,
  headers = {},
  host = 'localhost',
) => t.request(method, path, { token, json, host, headers: { ...EN, ...headers } })

function processInput(overrides: Record<string, unknown> = {}) {
  return {
    id: uuidv7(),
    name: 'Práctica profesional',
    description: 'Cuarto medio técnico',
    starts_on: MONDAY,
    ends_on: addDays(MONDAY, 27),
    course_ids: [ids.course1A, ids.course2A],
    ...overrides,
  }
}

async function newProcess(overrides: Record<string, unknown> = {}): Promise<Process> {
  const res = await send('POST', '/api/v1/processes', staff, processInput(overrides))
  expect(res.status).toBe(201)
  return body<Process>(res)
}

function scheduleInput(overrides: Partial<ScheduleInput> = {}): ScheduleInput {
  return {
    id: uuidv7(),
    course_id: ids.course1A,
    weekday: 1,
    on_date: null,
    starts_at: '08:00',
    ends_at: '10:00',
    place: 'Taller mecánico',
    supervisor: 'Pedro Soto',
    notes: '',
    ...overrides,
  }
}

const putSchedule = (processId: string, input: ScheduleInput, token = staff) =>
  send('PUT', `/api/v1/processes/${processId}/schedules/${input.id}`, token, input)

describe('writing processes', () => {
  it('stores a process with its courses, and a retry answers the stored one', async () => {
    const input = processInput()
    const res = await send('POST', '/api/v1/processes', staff, input)
    expect(res.status).toBe(201)
    const stored = await body<Process>(res)
    expect(stored).toMatchObject({
      id: input.id,
      name: 'Práctica profesional',
      starts_on: MONDAY,
      course_ids: [ids.course1A, ids.course2A].sort((a, b) => a - b),
      schedules: [],
    })
    const again = await send('POST', '/api/v1/processes', staff, input)
    expect(again.status).toBe(200)
    expect((await body<Process>(again)).updated_at).toBe(stored.updated_at)
  })

  it('refuses bad input with a message on the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ends_on: addDays(MONDAY, -1) }, 'ends_on', 'The end date must be on or after the start date.'],
      [{ course_ids: [] }, 'course_ids', 'Please choose at least one course.'],
      [{ name: '  ' }, 'name', 'field required.'],
      [{ starts_on: '2031-02-30' }, 'starts_on', 'Please enter a valid date'],
      [{ course_ids: [betaCourse] }, 'course_ids', ''],
    ]
    for (const [change, field, text] of cases) {
      const res = await send('POST', '/api/v1/processes', staff, processInput(change))
      expect(res.status, field).toBe(422)
      const errors = (await body<ErrorBody>(res)).errors!
      expect(Object.keys(errors)).toEqual([field])
      if (text) expect(errors[field]).toEqual([text])
    }
  })

  it('lets only those with processes.manage write', async () => {
    expect((await send('POST', '/api/v1/processes', guardian, processInput())).status).toBe(403)
    const process = await newProcess()
    expect((await putSchedule(process.id, scheduleInput(), guardian)).status).toBe(403)
    expect((await send('DELETE', `/api/v1/processes/${process.id}`, student2)).status).toBe(403)
  })

  it('answers 409 to an edit from an old version, and the edit from the current one wins', async () => {
    const process = await newProcess()
    const first = await send('PUT', `/api/v1/processes/${process.id}`, staff, processInput({ name: 'Uno' }), {
      'if-match': `"${process.updated_at}"`,
    })
    expect(first.status).toBe(200)
    const stale = await send('PUT', `/api/v1/processes/${process.id}`, staff, processInput({ name: 'Dos' }), {
      'if-match': `"${process.updated_at}"`,
    })
    expect(stale.status).toBe(409)
    expect((await body<{ current: Process }>(stale)).current.name).toBe('Uno')
  })
})

describe('practice schedules', () => {
  it('refuses overlapping schedules of one course, in this process or another, and accepts touching ones', async () => {
    const process = await newProcess()
    expect((await putSchedule(process.id, scheduleInput())).status).toBe(201)
    // Another process of the same course, on dates that meet the first one's.
    const other = await newProcess({ name: 'Taller de soldadura', starts_on: addDays(MONDAY, 14) })
    const clash = await putSchedule(other.id, scheduleInput({ starts_at: '09:00', ends_at: '11:00' }))
    expect(clash.status).toBe(422)
    const [text] = (await body<ErrorBody>(clash)).errors!.starts_at!
    expect(text).toContain('Práctica profesional')
    expect(text).toContain('Monday 08:00–10:00')
    // One date that falls on that Monday, at an overlapping time.
    const dated = await putSchedule(
      process.id,
      scheduleInput({ weekday: null, on_date: addDays(MONDAY, 7), starts_at: '09:30', ends_at: '12:00' }),
    )
    expect(dated.status).toBe(422)
    // Touching ends, another course, or another day are fine.
    expect(
      (await putSchedule(other.id, scheduleInput({ starts_at: '10:00', ends_at: '12:00' }))).status,
    ).toBe(201)
    expect((await putSchedule(process.id, scheduleInput({ course_id: ids.course2A }))).status).toBe(201)
    expect((await putSchedule(process.id, scheduleInput({ weekday: 2 }))).status).toBe(201)
    // A process whose dates never meet the first one's does not clash either.
    const later = await newProcess({ starts_on: addDays(MONDAY, 60), ends_on: addDays(MONDAY, 80) })
    expect((await putSchedule(later.id, scheduleInput())).status).toBe(201)
  })

  it('refuses a date outside the process, a course not in it, and a schedule with no day', async () => {
    const process = await newProcess({ course_ids: [ids.course1A] })
    const outside = await putSchedule(
      process.id,
      scheduleInput({ weekday: null, on_date: addDays(MONDAY, 40) }),
    )
    expect(outside.status).toBe(422)
    expect((await body<ErrorBody>(outside)).errors!.on_date![0]).toContain(MONDAY)
    const course = await putSchedule(process.id, scheduleInput({ course_id: ids.course2A }))
    expect((await body<ErrorBody>(course)).errors).toEqual({
      course_id: ['This course is not part of the process.'],
    })
    const noDay = await putSchedule(process.id, scheduleInput({ weekday: null }))
    expect((await body<ErrorBody>(noDay)).errors).toEqual({
      weekday: ['Please choose a day of the week or a date.'],
    })
    const times = await putSchedule(process.id, scheduleInput({ starts_at: '10:00', ends_at: '09:00' }))
    expect((await body<ErrorBody>(times)).errors).toEqual({
      ends_at: ['The end time must be after the start time.'],
    })
    expect(
      await t.db.selectFrom('process_schedules').select('id').where('process_id', '=', process.id).execute(),
    ).toEqual([])
  })

  it('edits a schedule by its id, and new dates must keep every dated practice inside', async () => {
    const process = await newProcess({ course_ids: [ids.course1A] })
    const input = scheduleInput({ weekday: null, on_date: addDays(MONDAY, 20) })
    expect((await putSchedule(process.id, input)).status).toBe(201)
    const edited = await putSchedule(process.id, { ...input, place: 'Planta Norte' })
    expect(edited.status).toBe(200)
    expect((await body<Process>(edited)).schedules).toMatchObject([{ id: input.id, place: 'Planta Norte' }])
    const current = await body<Process>(await send('GET', `/api/v1/processes/${process.id}`, staff))
    const shorter = await send(
      'PUT',
      `/api/v1/processes/${process.id}`,
      staff,
      processInput({ course_ids: [ids.course1A], ends_on: addDays(MONDAY, 10) }),
      { 'if-match': `"${current.updated_at}"` },
    )
    expect(shorter.status).toBe(422)
    expect((await body<ErrorBody>(shorter)).errors).toEqual({
      ends_on: ['Some practices are dated outside these dates. Please move or delete them first.'],
    })
    const removed = await send('DELETE', `/api/v1/processes/${process.id}/schedules/${input.id}`, staff)
    expect((await body<Process>(removed)).schedules).toEqual([])
  })
})

describe('who sees what', () => {
  it("mirrors to a family the processes of its courses with only its courses' schedules, and drops them when they leave", async () => {
    const process = await newProcess()
    await putSchedule(process.id, scheduleInput({ weekday: 3 }))
    await putSchedule(process.id, scheduleInput({ weekday: 3, course_id: ids.course2A, place: 'Planta Sur' }))
    const first = await pullAll(t, guardian)
    const mine = mirrorOf(first.changes).get(`processes:${process.id}`)
    expect(mine?.op).toBe('put')
    const data = (mine as { data: Process }).data
    expect(data.course_ids).toContain(ids.course2A)
    expect(data.schedules.map((s) => s.course_id)).toEqual([ids.course1A])
    const other = mirrorOf((await pullAll(t, student2)).changes).get(`processes:${process.id}`) as {
      data: Process
    }
    expect(other.data.schedules.map((s) => s.place)).toEqual(['Planta Sur'])
    // The demo's processes: the swimming workshop (both courses) and the reading camp (1° Básico A).
    const demoNames = (changes: typeof first.changes) =>
      [...mirrorOf(changes).values()]
        .filter(
          (c) => c.collection === 'processes' && c.op === 'put' && c.id.startsWith('00000000-0000-7000-a000'),
        )
        .map((c) => (c as { data: Process }).data.name)
        .sort()
    expect(demoNames(first.changes)).toEqual(['Campamento de lectura', 'Taller de natación'])
    expect(demoNames((await pullAll(t, student2)).changes)).toEqual(['Taller de natación'])

    // 1° Básico A leaves the process: the guardian's mirror drops it, 2° Básico A keeps it.
    const current = await body<Process>(await send('GET', `/api/v1/processes/${process.id}`, staff))
    const edit = await send(
      'PUT',
      `/api/v1/processes/${process.id}`,
      staff,
      processInput({ course_ids: [ids.course2A] }),
      { 'if-match': `"${current.updated_at}"` },
    )
    expect(edit.status).toBe(200)
    expect((await body<Process>(edit)).schedules.map((s) => s.course_id)).toEqual([ids.course2A])
    const next = await pullAll(t, guardian, { since: first.cursor })
    expect(deleteIds(next.changes, 'processes')).toContain(process.id)
    expect((await send('GET', `/api/v1/processes/${process.id}`, guardian)).status).toBe(404)
    expect((await send('GET', `/api/v1/processes/${process.id}`, student2)).status).toBe(200)
  })

  it('lists with search and status, and a deleted process leaves every mirror', async () => {
    const process = await newProcess({ name: 'Admisión 2032', course_ids: [ids.course1A] })
    const list = async (query: string) =>
      (await body<{ data: Process[] }>(await send('GET', `/api/v1/processes?${query}`, staff))).data.map(
        (p) => p.name,
      )
    expect(await list('q=admisi')).toEqual(['Admisión 2032'])
    expect(await list('status=running')).toContain('Taller de natación')
    expect(await list('status=running')).not.toContain('Admisión 2032')
    expect(await list('status=upcoming')).toContain('Admisión 2032')
    const before = await pullAll(t, guardian)
    expect((await send('DELETE', `/api/v1/processes/${process.id}`, staff, undefined, {})).status).toBe(204)
    const after = await pullAll(t, guardian, { since: before.cursor })
    expect(deleteIds(after.changes, 'processes')).toEqual([process.id])
    expect(await list('q=admisi')).toEqual([])
  })

  it("puts each practice session of a family's courses in its calendar subscription", async () => {
    const zone = (
      await t.db
        .selectFrom('colleges')
        .select('timezone')
        .where('slug', '=', 'demo')
        .executeTakeFirstOrThrow()
    ).timezone
    const today = todayIn(zone)
    const process = await newProcess({
      name: 'Práctica en planta',
      starts_on: today,
      ends_on: addDays(today, 20),
    })
    const mine = scheduleInput({
      weekday: weekdayOf(today),
      starts_at: '14:00',
      ends_at: '17:30',
      place: 'Planta Norte',
    })
    expect((await putSchedule(process.id, mine)).status).toBe(201)
    const theirs = scheduleInput({
      course_id: ids.course2A,
      weekday: weekdayOf(today),
      starts_at: '14:00',
      ends_at: '15:00',
    })
    expect((await putSchedule(process.id, theirs)).status).toBe(201)
    const feed = await send('POST', '/api/v1/calendar-feed', guardian)
    const path = new URL((await body<{ feed: { https_url: string } }>(feed)).feed.https_url).pathname
    const { practices } = parseCalendar(await (await t.request('GET', path)).text())
    const ours = [...practices.keys()].filter((uid) => uid.includes(mine.id)).sort()
    expect(ours).toEqual([0, 7, 14].map((d) => `practice-${mine.id}-${addDays(today, d)}`))
    expect([...practices.keys()].some((uid) => uid.includes(theirs.id))).toBe(false)
    const first = practices.get(ours[0]!)!
    expect(first.summary).toBe('Práctica en planta')
    expect(first.location).toBe('Planta Norte')
    expect(first.startDate.toString()).toBe(`${today}T14:00:00`)
    expect(first.endDate.toString()).toBe(`${today}T17:30:00`)
  })

  it('keeps each college to its own processes', async () => {
    const process = await newProcess()
    expect(
      (await send('GET', `/api/v1/processes/${process.id}`, betaAdmin, undefined, {}, 'beta.localhost'))
        .status,
    ).toBe(404)
    const put = await send(
      'PUT',
      `/api/v1/processes/${process.id}/schedules/${uuidv7()}`,
      betaAdmin,
      scheduleInput({ course_id: betaCourse }),
      {},
      'beta.localhost',
    )
    expect(put.status).toBe(404)
    const betaList = await body<{ data: Process[] }>(
      await send('GET', '/api/v1/processes', betaAdmin, undefined, {}, 'beta.localhost'),
    )
    expect(betaList.data).toEqual([])
    // The same id from another college is refused, not taken over.
    const taken = await send(
      'POST',
      '/api/v1/processes',
      betaAdmin,
      processInput({ id: process.id, course_ids: [betaCourse] }),
      {},
      'beta.localhost',
    )
    expect(taken.status).toBe(409)
  })
})
