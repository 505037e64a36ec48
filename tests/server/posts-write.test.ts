// Teachers write news posts: what is stored, what a replay does, who may write, edit and delete.
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Post } from '#shared/posts.schema.ts'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { createPost, type DemoIds, demoIds, postInput } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let ids: DemoIds
let staff: string
let admin: string
let guardian: string
let student: string
let categoryId: number
beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  staff = await t.login('staff@demo.test')
  admin = await t.login('admin@demo.test')
  guardian = await t.login('guardian@demo.test')
  student = await t.login('student@demo.test')
  const res = await t.request('POST', '/api/v1/post-categories', {
    token: staff,
    json: { name: 'Reuniones' },
  })
  expect(res.status).toBe(201)
  categoryId = (await body<{ id: number }>(res)).id
})
afterAll(async () => {
  await t.close()
})

const send = (method: string, path: string, token: string, json?: unknown) =>
  t.request(method, path, { token, json, headers: EN })

const postRows = (id: string) => t.db.selectFrom('posts').selectAll().where('id', '=', id).execute()

describe('a teacher publishes a post', () => {
  it('stores it with sanitized content, its targets and its category (201)', async () => {
    const id = uuidv7()
    const res = await send('POST', '/api/v1/posts', staff, {
      id,
      title: '  Salida al museo  ',
      category_id: categoryId,
      content:
        '<h2>Salida</h2><p onclick="steal()">Traigan <a href="https://museo.test/mapa">el mapa</a></p>' +
        '<script>alert(1)</script><ul><li>Colación</li><li>Gorro</li></ul>',
      grades: [ids.grade1],
      courses: [ids.course1A, ids.course1B],
    })
    expect(res.status).toBe(201)
    const post = await body<Post>(res)
    expect(post).toMatchObject({
      id,
      title: 'Salida al museo',
      category_id: categoryId,
      grades: [ids.grade1],
      images: [],
      author: { id: await userIdOf(t.db, 'staff@demo.test'), name: 'Sergio Profesor' },
    })
    expect([...post.courses].sort()).toEqual([ids.course1A, ids.course1B].sort())
    expect(post.content).not.toMatch(/script|alert|onclick|steal/)
    expect(post.content).toContain('<h2>Salida</h2>')
    expect(post.content).toContain('<ul><li>Colación</li><li>Gorro</li></ul>')
    expect(post.content).toMatch(
      /<a href="https:\/\/museo\.test\/mapa"[^>]*rel="noopener noreferrer nofollow"[^>]*>el mapa<\/a>/,
    )
    expect(Date.parse(post.publish_at)).toBeLessThanOrEqual(Date.now())

    // What GET answers is what was stored.
    const fetched = await send('GET', `/api/v1/posts/${id}`, staff)
    expect(fetched.status).toBe(200)
    expect(await body(fetched)).toEqual(post)
    const [row] = await postRows(id)
    expect(row?.content).toBe(post.content)
  })

  it('targets a whole grade when every course of it is chosen as "all"', async () => {
    const post = await createPost(t, staff, { grades: [ids.grade2], courses: ['all'] })
    expect(post.grades).toEqual([ids.grade2])
    expect(post.courses).toEqual(['all'])
    const whole = await createPost(t, staff, { grades: ['all'], courses: ['all'] })
    expect(whole).toMatchObject({ grades: ['all'], courses: ['all'], category_id: null })
  })

  it('V1: sending the same post again answers 200 with the stored post and stores no second row', async () => {
    const input = postInput({ title: 'Cambio de horario' })
    const first = await send('POST', '/api/v1/posts', staff, input)
    expect(first.status).toBe(201)
    const stored = await body<Post>(first)

    // The answer was lost; the outbox replays the same request, even with an edited body.
    const replay = await send('POST', '/api/v1/posts', staff, input)
    expect(replay.status).toBe(200)
    expect(await body(replay)).toEqual(stored)
    const again = await send('POST', '/api/v1/posts', staff, { ...input, title: 'Otro título' })
    expect(again.status).toBe(200)
    expect((await body<Post>(again)).title).toBe('Cambio de horario')
    expect(await postRows(input.id)).toHaveLength(1)
    // Its targets and its audit row were written once, with the post, and not again by the replays.
    const targets = await t.db
      .selectFrom('post_targets')
      .select('grade_id')
      .where('post_id', '=', input.id)
      .execute()
    expect(targets).toHaveLength(1)
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['action', 'subject_type', 'actor_id', 'college_id'])
      .where('subject_id', '=', input.id)
      .execute()
    expect(audited).toEqual([
      {
        action: 'post.created',
        subject_type: 'post',
        actor_id: await userIdOf(t.db, 'staff@demo.test'),
        college_id: ids.collegeId,
      },
    ])
  })

  it('answers a replay with the stored post even when what it sends would be refused today', async () => {
    const input = postInput({ title: 'Reunión de apoderados', grades: [ids.grade1], courses: [ids.course1A] })
    expect((await send('POST', '/api/v1/posts', staff, input)).status).toBe(201)
    // The stored copy stands: an edited replay naming what no longer exists changes nothing.
    const replay = await send('POST', '/api/v1/posts', staff, {
      ...input,
      category_id: 999_999,
      courses: [999_998],
    })
    expect(replay.status).toBe(200)
    expect(await body<Post>(replay)).toMatchObject({
      id: input.id,
      category_id: null,
      courses: [ids.course1A],
    })
    expect(await postRows(input.id)).toHaveLength(1)
  })

  it('V1: the same post sent three times at once is stored once; one answer is 201, the others 200', async () => {
    const input = postInput({ title: 'Tres veces' })
    const answers = await Promise.all([1, 2, 3].map(() => send('POST', '/api/v1/posts', staff, input)))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201])
    const bodies = await Promise.all(answers.map((r) => body<Post>(r)))
    expect(bodies.every((b) => b.id === input.id && b.title === 'Tres veces')).toBe(true)
    expect(await postRows(input.id)).toHaveLength(1)
  })

  it('accepts the id in upper case as the same post', async () => {
    const input = postInput()
    expect((await send('POST', '/api/v1/posts', staff, input)).status).toBe(201)
    const replay = await send('POST', '/api/v1/posts', staff, { ...input, id: input.id.toUpperCase() })
    expect(replay.status).toBe(200)
    expect((await body<Post>(replay)).id).toBe(input.id)
  })

  it("answers 409 to another user who sends someone else's id, and changes nothing", async () => {
    const input = postInput({ title: 'Original' })
    expect((await send('POST', '/api/v1/posts', staff, input)).status).toBe(201)
    const res = await send('POST', '/api/v1/posts', admin, { ...input, title: 'Hijacked' })
    expect(res.status).toBe(409)
    expect((await body<ErrorBody>(res)).message).toBe('This record belongs to someone else.')
    const rows = await postRows(input.id)
    expect(rows.map((r) => r.title)).toEqual(['Original'])
  })
})

describe('a post the server refuses (422)', () => {
  const errorsOf = async (json: unknown) => {
    const res = await send('POST', '/api/v1/posts', staff, json)
    expect(res.status).toBe(422)
    const error = await body<ErrorBody>(res)
    expect(error.message).toBe('The given data was invalid.')
    return error.errors ?? {}
  }

  it('asks for the content when it is empty or only empty paragraphs', async () => {
    for (const content of ['', '<p></p><p>&nbsp;</p>', '   ']) {
      const errors = await errorsOf(postInput({ content }))
      expect(errors).toEqual({ content: ['Please write the content of the post'] })
    }
  })

  it('asks for a course when none is chosen', async () => {
    expect(await errorsOf(postInput({ grades: [ids.grade1], courses: [] }))).toEqual({
      courses: ['Please choose a course'],
    })
    const { courses: _omitted, ...withoutCourses } = postInput({ grades: [ids.grade1] })
    expect(await errorsOf(withoutCourses)).toEqual({ courses: ['Please choose a course'] })
  })

  it('asks for a grade when none is chosen', async () => {
    expect(await errorsOf(postInput({ grades: [], courses: [ids.course1A] }))).toEqual({
      grades: ['Please choose a grade'],
    })
  })

  it('names every wrong field at once', async () => {
    const errors = await errorsOf({ id: 'not-a-uuid', title: '', content: '', grades: [], courses: [] })
    expect(Object.keys(errors).sort()).toEqual(['content', 'courses', 'grades', 'id', 'title'])
  })

  it('refuses a course that was deleted meanwhile, on courses', async () => {
    const created = await send('POST', '/api/v1/courses', admin, {
      grade_id: ids.grade1,
      name: '1° Básico C',
    })
    expect(created.status).toBe(201)
    const { id: courseId } = await body<{ id: number }>(created)
    expect((await send('DELETE', `/api/v1/courses/${courseId}`, admin)).status).toBe(204)

    const input = postInput({ grades: [ids.grade1], courses: [courseId] })
    expect(await errorsOf(input)).toEqual({
      courses: ['One of the chosen courses no longer exists. Please choose again.'],
    })
    expect(await postRows(input.id)).toHaveLength(0)
  })

  it('refuses a course outside the chosen grades, and an unknown grade or category', async () => {
    expect(await errorsOf(postInput({ grades: [ids.grade1], courses: [ids.course2A] }))).toEqual({
      courses: ['One of the chosen courses no longer exists. Please choose again.'],
    })
    expect(await errorsOf(postInput({ grades: [999_999], courses: ['all'] }))).toEqual({
      grades: ['One of the chosen grades no longer exists. Please choose again.'],
    })
    // Grades and courses are looked up together: a missing grade is still named as one.
    expect(await errorsOf(postInput({ grades: [ids.grade1, 999_999], courses: [ids.course1A] }))).toEqual({
      grades: ['One of the chosen grades no longer exists. Please choose again.'],
    })
    expect(await errorsOf(postInput({ category_id: 999_999 }))).toEqual({
      category_id: ['This category no longer exists. Please choose another.'],
    })
  })
})

describe('who may write', () => {
  it.each([
    ['guardian', () => guardian],
    ['student', () => student],
  ])('a %s cannot create a post (403) and nothing is stored', async (_role, token) => {
    const input = postInput()
    const res = await send('POST', '/api/v1/posts', token(), input)
    expect(res.status).toBe(403)
    expect((await body<ErrorBody>(res)).message).toBe('You do not have permission to do this.')
    expect(await postRows(input.id)).toHaveLength(0)
  })

  it('answers 401 without a token', async () => {
    const res = await t.request('POST', '/api/v1/posts', { json: postInput() })
    expect(res.status).toBe(401)
  })
})

describe('editing and deleting', () => {
  it('the author edits the post (PUT) and everyone sees the new version', async () => {
    const post = await createPost(t, staff, { title: 'Antes', grades: [ids.grade1], courses: ['all'] })
    const res = await send('PUT', `/api/v1/posts/${post.id}`, staff, {
      title: 'Después',
      content: '<p>Texto nuevo</p>',
      grades: [ids.grade2],
      courses: [ids.course2A],
      category_id: categoryId,
    })
    expect(res.status).toBe(200)
    const edited = await body<Post>(res)
    expect(edited).toMatchObject({
      id: post.id,
      title: 'Después',
      content: '<p>Texto nuevo</p>',
      grades: [ids.grade2],
      courses: [ids.course2A],
      category_id: categoryId,
      created_at: post.created_at,
    })
    expect(edited.updated_at >= post.updated_at).toBe(true)
    expect(await body(await send('GET', `/api/v1/posts/${post.id}`, admin))).toEqual(edited)
  })

  it('an edit is validated like a creation', async () => {
    const post = await createPost(t, staff)
    const res = await send('PUT', `/api/v1/posts/${post.id}`, staff, {
      title: 'x',
      content: '<p></p>',
      grades: ['all'],
      courses: ['all'],
    })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({ content: ['Please write the content of the post'] })
  })

  it("another teacher cannot edit or delete someone else's post (403), but an admin can edit it", async () => {
    const post = await createPost(t, admin, { title: 'Del director' })
    const staffPost = await createPost(t, staff, { title: 'Del profesor' })
    const change = { title: 'Cambiado', content: '<p>x</p>', grades: ['all'], courses: ['all'] }

    expect((await send('PUT', `/api/v1/posts/${post.id}`, staff, change)).status).toBe(403)
    expect((await send('DELETE', `/api/v1/posts/${post.id}`, staff)).status).toBe(403)
    expect((await postRows(post.id))[0]).toMatchObject({ title: 'Del director', deleted_at: null })

    const byAdmin = await send('PUT', `/api/v1/posts/${staffPost.id}`, admin, change)
    expect(byAdmin.status).toBe(200)
    // The post keeps its author.
    expect(await body(byAdmin)).toMatchObject({ title: 'Cambiado', author: staffPost.author })
  })

  it('families cannot edit or delete (403)', async () => {
    const post = await createPost(t, staff)
    const change = { title: 'x', content: '<p>x</p>', grades: ['all'], courses: ['all'] }
    expect((await send('PUT', `/api/v1/posts/${post.id}`, guardian, change)).status).toBe(403)
    expect((await send('DELETE', `/api/v1/posts/${post.id}`, guardian)).status).toBe(403)
  })

  it('editing or deleting a post that does not exist answers 404', async () => {
    const change = { title: 'x', content: '<p>x</p>', grades: ['all'], courses: ['all'] }
    expect((await send('PUT', `/api/v1/posts/${uuidv7()}`, staff, change)).status).toBe(404)
    expect((await send('DELETE', `/api/v1/posts/${uuidv7()}`, staff)).status).toBe(404)
    expect((await send('GET', '/api/v1/posts/not-a-uuid', staff)).status).toBe(404)
  })

  it('the author deletes the post (204); it is gone, and a late replay of its creation does not bring it back', async () => {
    const input = postInput({ title: 'Se borrará' })
    expect((await send('POST', '/api/v1/posts', staff, input)).status).toBe(201)

    const deleted = await send('DELETE', `/api/v1/posts/${input.id}`, staff)
    expect(deleted.status).toBe(204)
    expect(await deleted.text()).toBe('')
    expect((await send('GET', `/api/v1/posts/${input.id}`, staff)).status).toBe(404)
    expect((await send('GET', `/api/v1/posts/${input.id}`, guardian)).status).toBe(404)
    // Deleting again changes nothing.
    expect((await send('DELETE', `/api/v1/posts/${input.id}`, staff)).status).toBe(204)

    const replay = await send('POST', '/api/v1/posts', staff, input)
    expect(replay.status).toBe(404)
    expect((await body<ErrorBody>(replay)).message).toBe('Not found.')
    expect((await send('GET', `/api/v1/posts/${input.id}`, staff)).status).toBe(404)
    const feed = await body<{ data: Post[] }>(await send('GET', '/api/v1/posts?limit=100', staff))
    expect(feed.data.map((p) => p.id)).not.toContain(input.id)
    const rows = await postRows(input.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.deleted_at).not.toBeNull()
    // An edit of a deleted post is refused too.
    const change = { title: 'x', content: '<p>x</p>', grades: ['all'], courses: ['all'] }
    expect((await send('PUT', `/api/v1/posts/${input.id}`, staff, change)).status).toBe(404)
  })
})
