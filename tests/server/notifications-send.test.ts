import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Notification } from '#shared/api-types.ts'
import type { NotificationBoard, NotificationSend } from '#shared/notifications.schema.ts'
import type { SyncResponse } from '#shared/sync.ts'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { recipientsOf, runJobs, sendInput } from './helpers/notifications.ts'
import { addUserLike, enrol, linkGuardian } from './helpers/people.ts'
import { type DemoIds, demoIds } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let admin: string
let staff: string
let guardian: string
let ids: DemoIds
let people: Record<string, number>

beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  ;[admin, staff, guardian] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('staff@demo.test'),
    t.login('guardian@demo.test'),
  ])
  people = {}
  for (const email of [
    'admin@demo.test',
    'staff@demo.test',
    'guardian@demo.test',
    'student@demo.test',
    'student2@demo.test',
    'company@demo.test',
  ])
    people[email] = await userIdOf(t.db, email, 'demo')
})
afterAll(() => t.close())

async function send(token: string, overrides: Parameters<typeof sendInput>[0] = {}) {
  return t.request('POST', '/api/v1/college-notifications', {
    token,
    json: sendInput(overrides),
    headers: EN,
  })
}

describe('who a notification reaches', () => {
  it('the whole college: every active person of this college, none of another', async () => {
    const res = await send(admin)
    expect(res.status).toBe(201)
    const sent = await body<NotificationSend>(res)
    const demoActive = await t.db
      .selectFrom('users')
      .innerJoin('colleges', 'colleges.id', 'users.college_id')
      .select('users.id')
      .where('colleges.slug', '=', 'demo')
      .where('users.deactivated_at', 'is', null)
      .orderBy('users.id')
      .execute()
    expect(await recipientsOf(t, sent.id)).toEqual(demoActive.map((u) => u.id))
    expect(sent.recipients).toBe(demoActive.length)
    expect(sent.sent_at).not.toBeNull()
  })

  it('a course: its students and their guardians', async () => {
    const sent = await body<NotificationSend>(
      await send(staff, { scope: 'courses', courses: [ids.course1A] }),
    )
    expect(await recipientsOf(t, sent.id)).toEqual(
      [people['guardian@demo.test']!, people['student@demo.test']!].sort((a, b) => a - b),
    )
  })

  it('a grade: the students of all its courses and their guardians', async () => {
    const sent = await body<NotificationSend>(await send(admin, { scope: 'grades', grades: [ids.grade2] }))
    expect(await recipientsOf(t, sent.id)).toEqual([people['student2@demo.test']!])
  })

  it('chosen people: exactly them; a deactivated one is refused with a message', async () => {
    const chosen = [people['company@demo.test']!, people['staff@demo.test']!]
    const sent = await body<NotificationSend>(await send(admin, { scope: 'users', users: chosen }))
    expect(await recipientsOf(t, sent.id)).toEqual([...chosen].sort((a, b) => a - b))

    const gone = await addUserLike(t, 'guardian@demo.test', 'left@demo.test', 'Left')
    await t.db
      .updateTable('users')
      .set({ deactivated_at: new Date().toISOString() })
      .where('id', '=', gone)
      .execute()
    const res = await send(admin, { scope: 'users', users: [gone] })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors?.users?.[0]).toMatch(/no longer in the college/)
  })

  it('a grade or person of another college is refused, and reaches nobody', async () => {
    const beta = await t.db
      .selectFrom('grades')
      .innerJoin('colleges', 'colleges.id', 'grades.college_id')
      .select('grades.id')
      .where('colleges.slug', '=', 'beta')
      .executeTakeFirstOrThrow()
    const betaGuardian = await userIdOf(t.db, 'guardian@beta.test')
    const grade = await send(admin, { scope: 'grades', grades: [beta.id] })
    expect(grade.status).toBe(422)
    expect((await body<ErrorBody>(grade)).errors?.grades).toBeDefined()
    const person = await send(admin, { scope: 'users', users: [betaGuardian] })
    expect(person.status).toBe(422)
    const copies = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', betaGuardian)
      .where('send_id', 'is not', null)
      .execute()
    expect(copies).toEqual([])
  })

  it('a scope without its list, and an empty course, get clear messages', async () => {
    const noCourse = await send(admin, { scope: 'courses' })
    expect(noCourse.status).toBe(422)
    expect((await body<ErrorBody>(noCourse)).errors?.courses).toEqual(['Please choose a course'])
    const input = sendInput({ scope: 'courses', courses: [ids.course1B] })
    const empty = await t.request('POST', '/api/v1/college-notifications', {
      token: admin,
      json: input,
      headers: EN,
    })
    expect(empty.status).toBe(422)
    expect((await body<ErrorBody>(empty)).errors?.scope?.[0]).toMatch(/Nobody would receive/)
    // Nothing half-written: neither the send nor its job.
    const stored = await t.db
      .selectFrom('notification_sends')
      .select('id')
      .where('id', '=', input.id)
      .execute()
    const jobs = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('payload', 'like', `%${input.id}%`)
      .execute()
    expect([stored, jobs]).toEqual([[], []])
  })

  it('the preview counts before sending, including who gets a push', async () => {
    const res = await t.request('POST', '/api/v1/college-notifications/preview', {
      token: staff,
      json: { scope: 'courses', courses: [ids.course1A] },
    })
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({ recipients: 2, with_push: 0 })
  })

  it('families and students cannot send, preview or see the list', async () => {
    const student = await t.login('student@demo.test')
    for (const token of [guardian, student]) {
      expect((await send(token)).status).toBe(403)
      expect((await t.request('GET', '/api/v1/college-notifications', { token })).status).toBe(403)
      const preview = await t.request('POST', '/api/v1/college-notifications/preview', {
        token,
        json: { scope: 'college' },
      })
      expect(preview.status).toBe(403)
    }
  })

  it('another college sees neither the sends nor their boards', async () => {
    const sent = await body<NotificationSend>(await send(admin, { title: 'Solo demo' }))
    const beta = await t.login('admin@beta.test', 'beta.localhost')
    const list = await body<{ data: NotificationSend[] }>(
      await t.request('GET', '/api/v1/college-notifications', { token: beta, host: 'beta.localhost' }),
    )
    expect(list.data.map((s) => s.id)).not.toContain(sent.id)
    const board = await t.request('GET', `/api/v1/college-notifications/${sent.id}`, {
      token: beta,
      host: 'beta.localhost',
    })
    expect(board.status).toBe(404)
  })

  it('a replayed send is answered with the same send, not a second one', async () => {
    const input = sendInput({ title: 'Una vez' })
    const first = await t.request('POST', '/api/v1/college-notifications', { token: admin, json: input })
    const again = await t.request('POST', '/api/v1/college-notifications', { token: admin, json: input })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect((await body<NotificationSend>(again)).id).toBe(input.id)
    const copies = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('send_id', '=', input.id)
      .execute()
    expect(copies.length).toBe((await body<NotificationSend>(first)).recipients)
  })
})

describe('scheduled sends and the job', () => {
  it('a later send reaches nobody until its time, then exactly once even if run twice', async () => {
    const sendAt = new Date(Date.now() + 3600_000).toISOString()
    const sent = await body<NotificationSend>(
      await send(admin, { scope: 'courses', courses: [ids.course1A], send_at: sendAt }),
    )
    expect(sent.sent_at).toBeNull()
    await runJobs(t)
    expect(await recipientsOf(t, sent.id)).toEqual([])
    // Its time comes.
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('payload', 'like', `%${sent.id}%`)
      .execute()
    // A worker took it and died before finishing: its lease runs out and another takes it.
    await t.db
      .updateTable('jobs')
      .set({ locked_until: new Date(Date.now() - 1).toISOString(), attempts: 1 })
      .where('payload', 'like', `%${sent.id}%`)
      .execute()
    await runJobs(t)
    await runJobs(t)
    expect(await recipientsOf(t, sent.id)).toEqual(
      [people['guardian@demo.test']!, people['student@demo.test']!].sort((a, b) => a - b),
    )
    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('payload', 'like', `%${sent.id}%`)
      .executeTakeFirstOrThrow()
    expect(job.done_at).not.toBeNull()
  })

  it('a job held by a live worker is not taken by another', async () => {
    const sent = await body<NotificationSend>(await send(admin, { scope: 'grades', grades: [ids.grade2] }))
    await t.db
      .updateTable('jobs')
      .set({ locked_until: new Date(Date.now() + 60_000).toISOString() })
      .where('payload', 'like', `%${sent.id}%`)
      .execute()
    await runJobs(t)
    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('payload', 'like', `%${sent.id}%`)
      .executeTakeFirstOrThrow()
    expect(job.done_at).toBeNull()
  })

  it('a scheduled send can be cancelled; a sent one cannot', async () => {
    const later = await body<NotificationSend>(
      await send(admin, { send_at: new Date(Date.now() + 7200_000).toISOString() }),
    )
    const cancelled = await t.request('POST', `/api/v1/college-notifications/${later.id}/cancel`, {
      token: admin,
    })
    expect((await body<NotificationSend>(cancelled)).cancelled_at).not.toBeNull()
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('payload', 'like', `%${later.id}%`)
      .execute()
    await runJobs(t)
    expect(await recipientsOf(t, later.id)).toEqual([])

    const now = await body<NotificationSend>(await send(admin))
    const refused = await t.request('POST', `/api/v1/college-notifications/${now.id}/cancel`, {
      token: admin,
      headers: EN,
    })
    expect(refused.status).toBe(409)
    expect((await body<ErrorBody>(refused)).message).toBe('This notification has already been sent.')
  })

  it('a time in the past and a scheduled emergency are refused', async () => {
    const past = await send(admin, { send_at: '2026-01-01T10:00:00.000Z' })
    expect(past.status).toBe(422)
    expect((await body<ErrorBody>(past)).errors?.send_at).toBeDefined()
    const emergency = await send(admin, {
      emergency: true,
      send_at: new Date(Date.now() + 3600_000).toISOString(),
    })
    expect(emergency.status).toBe(422)
    expect((await body<ErrorBody>(emergency)).errors?.send_at?.[0]).toMatch(/sent at once/)
  })
})

describe('answers and the board', () => {
  async function myCopy(token: string, sendId: string): Promise<Notification> {
    const userId = token === guardian ? people['guardian@demo.test']! : people['student@demo.test']!
    const row = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('send_id', '=', sendId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    const list = await body<{ data: Notification[] }>(
      await t.request('GET', '/api/v1/notifications?limit=100', { token }),
    )
    return list.data.find((n) => n.id === row.id)!
  }

  it('families answer safe or help with the time they answered; the board puts help first', async () => {
    const studentToken = await t.login('student@demo.test')
    const sent = await body<NotificationSend>(
      await send(admin, { emergency: true, title: 'Sismo', scope: 'courses', courses: [ids.course1A] }),
    )
    const copy = await myCopy(guardian, sent.id)
    expect(copy).toMatchObject({ emergency: true, answer: null, answered_at: null })

    const offlineAt = new Date(Date.now() - 5 * 60_000).toISOString()
    const help = await t.request('POST', `/api/v1/notifications/${copy.id}/answer`, {
      token: guardian,
      json: { answer: 'help', answered_at: offlineAt },
    })
    expect(help.status).toBe(200)
    expect(await body<Notification>(help)).toMatchObject({
      answer: 'help',
      answered_at: offlineAt,
      read_at: offlineAt,
    })

    // An older answer arriving later (a second device's queue) does not overwrite it.
    const older = await t.request('POST', `/api/v1/notifications/${copy.id}/answer`, {
      token: guardian,
      json: { answer: 'safe', answered_at: new Date(Date.now() - 10 * 60_000).toISOString() },
    })
    expect((await body<Notification>(older)).answer).toBe('help')

    const studentCopy = await myCopy(studentToken, sent.id)
    const refused = await t.request('POST', `/api/v1/notifications/${studentCopy.id}/answer`, {
      token: studentToken,
      json: { answer: 'safe' },
      headers: EN,
    })
    expect(refused.status).toBe(422)
    expect((await body<ErrorBody>(refused)).errors?.answer?.[0]).toMatch(/Only families/)

    const board = await body<NotificationBoard>(
      await t.request('GET', `/api/v1/college-notifications/${sent.id}`, { token: staff }),
    )
    expect(board.counts).toEqual({ recipients: 2, read: 1, answered: 1, safe: 0, help: 1 })
    expect(board.people[0]).toMatchObject({
      user_id: people['guardian@demo.test'],
      answer: 'help',
      phone: expect.any(String),
    })
    expect(board.people[1]).toMatchObject({ user_id: people['student@demo.test'], answer: null })

    const read = await t.request('POST', `/api/v1/notifications/${studentCopy.id}/answer`, {
      token: studentToken,
      json: { answer: 'read' },
    })
    expect((await body<Notification>(read)).answer).toBe('read')
    const list = await body<{ data: NotificationSend[] }>(
      await t.request('GET', '/api/v1/college-notifications', { token: admin }),
    )
    expect(list.data.find((s) => s.id === sent.id)).toMatchObject({ recipients: 2, read: 2, answered: 2 })
  })

  it('nobody answers another person’s copy', async () => {
    const sent = await body<NotificationSend>(
      await send(admin, { emergency: true, scope: 'courses', courses: [ids.course1A] }),
    )
    const copy = await myCopy(guardian, sent.id)
    const res = await t.request('POST', `/api/v1/notifications/${copy.id}/answer`, {
      token: staff,
      json: { answer: 'read' },
    })
    expect(res.status).toBe(404)
  })

  it('copies and answers reach the mirror through sync', async () => {
    const sent = await body<NotificationSend>(
      await send(admin, { emergency: true, scope: 'courses', courses: [ids.course1A] }),
    )
    const copy = await myCopy(guardian, sent.id)
    await t.request('POST', `/api/v1/notifications/${copy.id}/answer`, {
      token: guardian,
      json: { answer: 'safe' },
    })
    let since = ''
    const seen = new Map<string, Notification>()
    for (;;) {
      const page = await body<SyncResponse>(
        await t.request('GET', `/api/v1/sync?since=${encodeURIComponent(since)}&limit=200`, {
          token: guardian,
        }),
      )
      for (const change of page.changes)
        if (change.collection === 'notifications' && change.op === 'put')
          seen.set(change.id, change.data as Notification)
      since = page.cursor
      if (!page.hasMore) break
    }
    expect(seen.get(copy.id)).toMatchObject({ emergency: true, answer: 'safe', title: sent.title })
  })
})

describe('enrolment changes after sending', () => {
  it('a student enrolled later does not get an earlier send to the grade, but the next one', async () => {
    const newcomer = await addUserLike(t, 'student@demo.test', 'new@demo.test', 'Nuevo')
    const parent = await addUserLike(t, 'guardian@demo.test', 'newparent@demo.test', 'Madre')
    const before = await body<NotificationSend>(await send(admin, { scope: 'grades', grades: [ids.grade1] }))
    await enrol(t, newcomer, ids.course1B)
    await linkGuardian(t, parent, newcomer)
    const after = await body<NotificationSend>(await send(admin, { scope: 'grades', grades: [ids.grade1] }))
    expect(await recipientsOf(t, after.id)).toEqual(
      [people['guardian@demo.test']!, people['student@demo.test']!, newcomer, parent].sort((a, b) => a - b),
    )
    expect(await recipientsOf(t, before.id)).toEqual(
      [people['guardian@demo.test']!, people['student@demo.test']!].sort((a, b) => a - b),
    )
  })
})
