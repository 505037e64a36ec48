// The college's grades and courses: everyone reads them, admins change them, and every mirror follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Course, Grade } from '#shared/posts.schema.ts'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { courseIdOf, createPost, type DemoIds, demoIds } from './helpers/posts.ts'
import { pull, pullAll, putIds } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

type GradeList = { data: Grade[]; courses: Course[]; next_cursor: null }

let t: TestApp
let ids: DemoIds
const tok: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  for (const who of ['admin', 'staff', 'guardian', 'student', 'student2', 'company']) {
    tok[who] = await t.login(`${who}@demo.test`)
  }
})
afterAll(async () => {
  await t.close()
})

const send = (method: string, path: string, token: string | undefined, json?: unknown) =>
  t.request(method, path, { token, json, headers: EN })

async function newCourse(name: string, gradeId = ids.grade1): Promise<Course> {
  const res = await send('POST', '/api/v1/courses', tok.admin, { grade_id: gradeId, name })
  expect(res.status).toBe(201)
  return body<Course>(res)
}

describe('reading grades and courses', () => {
  it('lists the grades in order with their courses, for any signed-in user of the college', async () => {
    for (const who of ['guardian', 'company', 'admin']) {
      const res = await send('GET', '/api/v1/grades', tok[who])
      expect(res.status, who).toBe(200)
      const list = await body<GradeList>(res)
      expect(list.data).toEqual([
        { id: ids.grade1, name: '1° Básico', position: 0 },
        { id: ids.grade2, name: '2° Básico', position: 1 },
      ])
      expect(list.courses).toEqual([
        { id: ids.course1A, grade_id: ids.grade1, name: '1° Básico A' },
        { id: ids.course1B, grade_id: ids.grade1, name: '1° Básico B' },
        { id: ids.course2A, grade_id: ids.grade2, name: '2° Básico A' },
      ])
      expect(list.next_cursor).toBeNull()
    }
    const beta = await t.login('admin@beta.test', 'beta.localhost')
    const betaList = await body<GradeList>(
      await t.request('GET', '/api/v1/grades', { host: 'beta.localhost', token: beta }),
    )
    expect(betaList.data.map((g) => g.name)).toEqual(['Year 7'])
    expect(betaList.courses.map((c) => c.name)).toEqual(['7A'])
  })

  it('answers 401 without a token', async () => {
    expect((await send('GET', '/api/v1/grades', undefined)).status).toBe(401)
  })
})

describe('an admin adds a course', () => {
  it('creates it (201); the list and every mirror get it', async () => {
    const { cursor } = await pullAll(t, tok.guardian!)
    const course = await newCourse('1° Básico C')
    expect(course).toEqual({ id: expect.any(Number), grade_id: ids.grade1, name: '1° Básico C' })
    const list = await body<GradeList>(await send('GET', '/api/v1/grades', tok.guardian))
    expect(list.courses).toContainEqual(course)

    const { changes } = await pullAll(t, tok.guardian!, { since: cursor })
    expect(changes.filter((c) => c.collection === 'courses')).toEqual([
      { collection: 'courses', op: 'put', id: String(course.id), version: expect.any(Number), data: course },
    ])
  })

  it('refuses a course without a grade, with an unknown grade, or without a name (422)', async () => {
    const errorsOf = async (json: unknown) => {
      const res = await send('POST', '/api/v1/courses', tok.admin, json)
      expect(res.status).toBe(422)
      return (await body<ErrorBody>(res)).errors
    }
    expect(await errorsOf({ name: '3° Básico A' })).toEqual({ grade_id: ['Please choose a grade'] })
    expect(await errorsOf({ grade_id: 'uno', name: '3° Básico A' })).toEqual({
      grade_id: ['Please choose a grade'],
    })
    expect(await errorsOf({ grade_id: 999_999, name: 'X' })).toEqual({
      grade_id: ['One of the chosen grades no longer exists. Please choose again.'],
    })
    const year7 = await t.db
      .selectFrom('grades')
      .select('id')
      .where('name', '=', 'Year 7')
      .executeTakeFirstOrThrow()
    expect(await errorsOf({ grade_id: year7.id, name: 'Intruso' })).toEqual({
      grade_id: ['One of the chosen grades no longer exists. Please choose again.'],
    })
    expect(Object.keys((await errorsOf({ grade_id: ids.grade1, name: '   ' })) ?? {})).toEqual(['name'])
  })
})

describe('an admin deletes a course', () => {
  it('answers 204, and the next pull of every user carries a delete for it', async () => {
    const course = await newCourse('Taller de robótica', ids.grade2)
    const users = ['guardian', 'student', 'student2', 'company', 'staff', 'admin']
    const cursors: Record<string, string> = {}
    for (const who of users) {
      const { changes, cursor } = await pullAll(t, tok[who]!)
      expect(putIds(changes, 'courses')).toContain(String(course.id))
      cursors[who] = cursor
    }

    const res = await send('DELETE', `/api/v1/courses/${course.id}`, tok.admin)
    expect(res.status).toBe(204)
    const list = await body<GradeList>(await send('GET', '/api/v1/grades', tok.guardian))
    expect(list.courses.map((c) => c.id)).not.toContain(course.id)

    for (const who of users) {
      const { changes } = await pullAll(t, tok[who]!, { since: cursors[who] })
      expect(changes, who).toEqual([
        { collection: 'courses', op: 'delete', id: String(course.id), version: expect.any(Number) },
      ])
    }
    // A first pull no longer has it, and sends no delete for it either.
    const fresh = await pullAll(t, tok.guardian!)
    expect(fresh.changes.some((c) => c.collection === 'courses' && c.id === String(course.id))).toBe(false)
  })

  it("deleting a course with students resets those families' mirrors, and its posts leave their view", async () => {
    const student2 = await userIdOf(t.db, 'student2@demo.test')
    const course = await newCourse('2° Básico B', ids.grade2)
    expect(
      (
        await send('PUT', `/api/v1/students/${student2}/courses`, tok.admin, {
          course_ids: [ids.course2A, course.id],
        })
      ).status,
    ).toBe(200)
    const post = await createPost(t, tok.staff!, { grades: [ids.grade2], courses: [course.id] })
    const before = await pullAll(t, tok.student2!)
    expect(putIds(before.changes, 'posts')).toContain(post.id)
    const guardianCursor = (await pullAll(t, tok.guardian!)).cursor

    expect((await send('DELETE', `/api/v1/courses/${course.id}`, tok.admin)).status).toBe(204)
    const { page } = await pull(t, tok.student2!, { since: before.cursor })
    expect(page).toMatchObject({ reset: true, changes: [] })
    const refill = await pullAll(t, tok.student2!, { since: page.cursor })
    expect(putIds(refill.changes, 'posts')).not.toContain(post.id)
    expect(putIds(refill.changes, 'courses')).not.toContain(String(course.id))
    // Another family just drops the course.
    const { changes } = await pullAll(t, tok.guardian!, { since: guardianCursor })
    expect(changes.filter((c) => c.collection === 'courses')).toMatchObject([
      { op: 'delete', id: String(course.id) },
    ])
  })

  it('answers 404 for a course that does not exist or belongs to another college', async () => {
    expect((await send('DELETE', '/api/v1/courses/999999', tok.admin)).status).toBe(404)
    expect((await send('DELETE', '/api/v1/courses/abc', tok.admin)).status).toBe(404)
    const sevenA = await courseIdOf(t, '7A')
    expect((await send('DELETE', `/api/v1/courses/${sevenA}`, tok.admin)).status).toBe(404)
    expect(await t.db.selectFrom('courses').select('id').where('id', '=', sevenA).execute()).toHaveLength(1)
  })
})

describe('who may change courses', () => {
  it.each(['guardian', 'student', 'company', 'staff'])('a %s gets 403 and nothing changes', async (who) => {
    const add = await send('POST', '/api/v1/courses', tok[who], { grade_id: ids.grade1, name: `De ${who}` })
    expect(add.status).toBe(403)
    expect((await body<ErrorBody>(add)).message).toBe('You do not have permission to do this.')
    expect((await send('DELETE', `/api/v1/courses/${ids.course1B}`, tok[who])).status).toBe(403)
    const student = await userIdOf(t.db, 'student@demo.test')
    const move = await send('PUT', `/api/v1/students/${student}/courses`, tok[who], {
      course_ids: [ids.course1B],
    })
    expect(move.status).toBe(403)
    const courses = await t.db.selectFrom('courses').select('name').where('name', '=', `De ${who}`).execute()
    expect(courses).toEqual([])
    const enrolments = await t.db
      .selectFrom('enrollments')
      .select('course_id')
      .where('student_id', '=', student)
      .execute()
    expect(enrolments).toEqual([{ course_id: ids.course1A }])
  })

  it('moving a student checks the courses and the student (422, 404)', async () => {
    const student = await userIdOf(t.db, 'student@demo.test')
    const unknown = await send('PUT', `/api/v1/students/${student}/courses`, tok.admin, {
      course_ids: [999_999],
    })
    expect(unknown.status).toBe(422)
    expect((await body<ErrorBody>(unknown)).errors).toEqual({
      course_ids: ['One of the chosen courses no longer exists. Please choose again.'],
    })
    const missing = await send('PUT', `/api/v1/students/${student}/courses`, tok.admin, {})
    expect(missing.status).toBe(422)
    expect((await body<ErrorBody>(missing)).errors).toEqual({ course_ids: ['Please choose a course'] })
    const enrolments = await t.db
      .selectFrom('enrollments')
      .select('course_id')
      .where('student_id', '=', student)
      .execute()
    expect(enrolments).toEqual([{ course_id: ids.course1A }])
    const guardian = await userIdOf(t.db, 'guardian@demo.test')
    const notStudent = await send('PUT', `/api/v1/students/${guardian}/courses`, tok.admin, {
      course_ids: [ids.course1B],
    })
    expect(notStudent.status).toBe(404)
  })
})
