// Who may write to whom: the school's side writes to anyone in its college; families write only to
// the teachers of their children's courses and to the administration, one at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MessengerContact } from '#shared/messenger.schema.ts'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { startConversation, type Written } from './helpers/messenger.ts'
import { addUserLike } from './helpers/people.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'

describe(`who may write to whom (${dialect})`, () => {
  let t: TestApp
  const id: Record<string, number> = {}
  const token: Record<string, string> = {}
  beforeAll(async () => {
    t = await createTestApp()
    for (const who of ['admin', 'staff', 'guardian', 'student', 'student2', 'company'])
      id[who] = await userIdOf(t.db, `${who}@demo.test`)
    // A teacher of no course of the guardian's child, and another family.
    id.otherTeacher = await addUserLike(t, 'staff@demo.test', 'teacher2@demo.test', 'Teresa')
    id.otherGuardian = await addUserLike(t, 'guardian@demo.test', 'guardian2@demo.test', 'Olga')
    id.betaAdmin = await userIdOf(t.db, 'admin@beta.test', 'beta')
    for (const who of ['admin', 'staff', 'guardian', 'student', 'company'])
      token[who] = await t.login(`${who}@demo.test`)
  })
  afterAll(() => t.close())

  it("a guardian writes to their child's teacher and to the administration", async () => {
    for (const to of [id.staff!, id.admin!]) {
      const res = await startConversation(t, token.guardian!, { users: [to] })
      expect(res.status).toBe(201)
      const { conversation, message } = await body<Written>(res)
      expect(conversation.kind).toBe('direct')
      expect(conversation.members.map((m) => m.id).sort()).toEqual([id.guardian, to].sort())
      expect(message.author.id).toBe(id.guardian)
    }
  })

  it('a guardian never writes to another family, nor to a teacher of other courses', async () => {
    for (const to of [id.otherGuardian!, id.student2!, id.otherTeacher!, id.company!]) {
      const res = await startConversation(t, token.guardian!, { users: [to] })
      expect(res.status).toBe(422)
      expect((await body<ErrorBody>(res)).errors?.users).toEqual([
        "You can write to the teachers of your children's courses and to the administration.",
      ])
    }
    const stored = await t.db
      .selectFrom('conversations')
      .select('id')
      .where('created_by', '=', id.guardian!)
      .execute()
    expect(stored).toHaveLength(2)
  })

  it('families write to one person at a time, and never to a group', async () => {
    const many = await startConversation(t, token.guardian!, { users: [id.staff!, id.admin!] })
    expect(many.status).toBe(422)
    expect((await body<ErrorBody>(many)).errors?.users).toEqual([
      'Families write to one person at a time. Please choose one.',
    ])
    const course = await t.db
      .selectFrom('courses')
      .select('id')
      .where('name', '=', '1° Básico A')
      .executeTakeFirstOrThrow()
    const group = await startConversation(t, token.guardian!, { scope: 'courses', courses: [course.id] })
    expect(group.status).toBe(422)
  })

  it('a student writes to the teacher of their own course', async () => {
    expect((await startConversation(t, token.student!, { users: [id.staff!] })).status).toBe(201)
    expect((await startConversation(t, token.student!, { users: [id.otherTeacher!] })).status).toBe(422)
  })

  it('staff write to anyone in their college, and to nobody in another', async () => {
    expect((await startConversation(t, token.staff!, { users: [id.otherGuardian!] })).status).toBe(201)
    const elsewhere = await startConversation(t, token.staff!, { users: [id.betaAdmin!] })
    expect(elsewhere.status).toBe(422)
    const own = await startConversation(t, token.staff!, { users: [id.staff!] })
    expect(own.status).toBe(422)
  })

  it('a company user has no messenger', async () => {
    expect((await startConversation(t, token.company!, { users: [id.admin!] })).status).toBe(403)
    const contacts = await t.request('GET', '/api/v1/messenger/contacts', {
      token: token.company!,
      headers: EN,
    })
    expect(contacts.status).toBe(403)
  })

  it("a guardian's contacts are their child's teachers and the administration, found by name", async () => {
    const res = await t.request('GET', '/api/v1/messenger/contacts', { token: token.guardian!, headers: EN })
    const { data } = await body<{ data: MessengerContact[] }>(res)
    expect(data.map((c) => c.id).sort()).toEqual([id.admin, id.staff].sort())
    expect(data.find((c) => c.id === id.staff)?.courses).toEqual(['1° Básico A', '2° Básico A'])
    const found = await t.request('GET', '/api/v1/messenger/contacts?q=sergio', {
      token: token.guardian!,
      headers: EN,
    })
    expect((await body<{ data: MessengerContact[] }>(found)).data.map((c) => c.id)).toEqual([id.staff])
  })

  it('a teacher added to a course becomes reachable by its families', async () => {
    const course = await t.db
      .selectFrom('courses')
      .select('id')
      .where('name', '=', '1° Básico A')
      .executeTakeFirstOrThrow()
    const assign = await t.request('PUT', `/api/v1/staff/${id.otherTeacher}/courses`, {
      token: token.admin!,
      headers: EN,
      json: { course_ids: [course.id] },
    })
    expect(assign.status).toBe(200)
    expect((await startConversation(t, token.guardian!, { users: [id.otherTeacher!] })).status).toBe(201)
    const notStaff = await t.request('PUT', `/api/v1/staff/${id.guardian}/courses`, {
      token: token.admin!,
      headers: EN,
      json: { course_ids: [course.id] },
    })
    expect(notStaff.status).toBe(422)
    const byStaff = await t.request('PUT', `/api/v1/staff/${id.otherTeacher}/courses`, {
      token: token.staff!,
      headers: EN,
      json: { course_ids: [] },
    })
    expect(byStaff.status).toBe(403)
  })

  it('bad input gets clear messages and stores nothing', async () => {
    const before = await t.db
      .selectFrom('messages')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const empty = await startConversation(t, token.staff!, { users: [id.guardian!], body: '   ' })
    expect((await body<ErrorBody>(empty)).errors?.body).toEqual(['Please write a message'])
    const long = await startConversation(t, token.staff!, { users: [id.guardian!], body: 'x'.repeat(4001) })
    expect(long.status).toBe(422)
    const nobody = await startConversation(t, token.staff!, { users: [] })
    expect((await body<ErrorBody>(nobody)).errors?.users).toEqual(['Please choose who to write to'])
    const badId = await startConversation(t, token.staff!, { users: [id.guardian!], id: 'nope' })
    expect(badId.status).toBe(422)
    const after = await t.db
      .selectFrom('messages')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })
})
