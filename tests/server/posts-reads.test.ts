// Read receipts: a family opens a post (perhaps offline, reported later) and the teacher sees who has not.
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Post, ReadReport } from '#shared/posts.schema.ts'
import { body, EN, userIdOf } from './helpers/http.ts'
import { addUserLike } from './helpers/people.ts'
import { createPost, type DemoIds, demoIds, minutesFromNow } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let ids: DemoIds
const tok: Record<string, string> = {}
const uid: Record<string, number> = {}
let forCourse1A: Post
let forEveryone: Post
let forGrade2: Post
beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  await addUserLike(t, 'staff@demo.test', 'staff2@demo.test', 'Patricia')
  for (const who of ['admin', 'staff', 'staff2', 'guardian', 'student', 'student2', 'company']) {
    tok[who] = await t.login(`${who}@demo.test`)
    uid[who] = await userIdOf(t.db, `${who}@demo.test`)
  }
  forCourse1A = await createPost(t, tok.staff!, {
    title: '1° A',
    grades: [ids.grade1],
    courses: [ids.course1A],
  })
  forEveryone = await createPost(t, tok.staff!, { title: 'Todos' })
  forGrade2 = await createPost(t, tok.staff!, { title: '2° básico', grades: [ids.grade2], courses: ['all'] })
})
afterAll(async () => {
  await t.close()
})

const markRead = (who: string, postId: string, readAt?: string) =>
  t.request('POST', `/api/v1/posts/${postId}/read`, {
    token: tok[who],
    json: readAt === undefined ? {} : { read_at: readAt },
    headers: EN,
  })

async function storedRead(who: string, postId: string) {
  return t.db
    .selectFrom('post_reads')
    .select(['read_at', 'version'])
    .where('post_id', '=', postId)
    .where('user_id', '=', uid[who]!)
    .executeTakeFirst()
}

const report = async (who: string, postId: string) =>
  t.request('GET', `/api/v1/posts/${postId}/reads`, { token: tok[who], headers: EN })

describe('a family reports having read a post', () => {
  it('records the time it was read (offline, earlier), not the time the report arrived', async () => {
    const readAt = minutesFromNow(-45)
    const res = await markRead('guardian', forCourse1A.id, readAt)
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({ post_id: forCourse1A.id, read_at: readAt })
    expect((await storedRead('guardian', forCourse1A.id))?.read_at).toBe(readAt)
  })

  it('keeps the first read when another device reports a later one, and answers the kept time', async () => {
    const first = (await storedRead('guardian', forCourse1A.id))!
    const res = await markRead('guardian', forCourse1A.id, minutesFromNow(-5))
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({ post_id: forCourse1A.id, read_at: first.read_at })
    expect(await storedRead('guardian', forCourse1A.id)).toEqual(first)
  })

  it('takes an earlier read reported late, since that one came first', async () => {
    const earlier = minutesFromNow(-120)
    const res = await markRead('guardian', forCourse1A.id, earlier)
    expect(await body(res)).toEqual({ post_id: forCourse1A.id, read_at: earlier })
    expect((await storedRead('guardian', forCourse1A.id))?.read_at).toBe(earlier)
  })

  it('two devices reporting the first read at the same moment store one read, the earliest', async () => {
    const post = await createPost(t, tok.staff!, { title: 'Dos teléfonos' })
    const times = [minutesFromNow(-3), minutesFromNow(-9), minutesFromNow(-6)]
    const answers = await Promise.all(times.map((time) => markRead('guardian', post.id, time)))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200])
    const rows = await t.db
      .selectFrom('post_reads')
      .select('read_at')
      .where('post_id', '=', post.id)
      .where('user_id', '=', uid.guardian!)
      .execute()
    expect(rows).toEqual([{ read_at: times[1] }])
  })

  it('takes a time in the future (a clock running ahead) as now, and no time at all as now', async () => {
    const before = new Date().toISOString()
    const res = await markRead('student', forCourse1A.id, minutesFromNow(24 * 60))
    const after = new Date().toISOString()
    expect(res.status).toBe(200)
    const stored = (await storedRead('student', forCourse1A.id))!.read_at
    expect(stored >= before && stored <= after).toBe(true)
    expect((await body(res)).read_at).toBe(stored)

    const plain = await markRead('student', forEveryone.id)
    expect(plain.status).toBe(200)
    const now = (await storedRead('student', forEveryone.id))!.read_at
    expect(now >= before && now <= new Date().toISOString()).toBe(true)
  })

  it('refuses a read time that is not a date (422)', async () => {
    const res = await markRead('guardian', forEveryone.id, 'yesterday-ish')
    expect(res.status).toBe(422)
    expect((await body(res)).errors).toEqual({ read_at: ['Please enter a valid date and time'] })
  })

  it('answers 404 for a post the user cannot see, a scheduled one, or one that does not exist', async () => {
    expect((await markRead('guardian', forGrade2.id, minutesFromNow(-1))).status).toBe(404)
    const scheduled = await createPost(t, tok.staff!, { publish_at: minutesFromNow(60) })
    expect((await markRead('guardian', scheduled.id)).status).toBe(404)
    expect((await markRead('guardian', uuidv7())).status).toBe(404)
    expect(await storedRead('guardian', forGrade2.id)).toBeUndefined()
    expect(await storedRead('guardian', scheduled.id)).toBeUndefined()
  })
})

describe('the author sees who has read a post', () => {
  it("counts the students of the targeted course and their guardians, naming who hasn't read", async () => {
    // The guardian and the student of 1° A have both read it by now.
    const res = await report('staff', forCourse1A.id)
    expect(res.status).toBe(200)
    expect(await body<ReadReport>(res)).toEqual({ read: 2, total: 2, unread: [] })

    const unreadPost = await createPost(t, tok.staff!, { grades: [ids.grade1], courses: [ids.course1A] })
    await markRead('guardian', unreadPost.id)
    expect(await body<ReadReport>(await report('staff', unreadPost.id))).toEqual({
      read: 1,
      total: 2,
      unread: [{ id: uid.student, name: 'Tomás Apoderada' }],
    })
  })

  it('counts every student and guardian for a whole-college post, and no staff or company reads', async () => {
    await markRead('company', forEveryone.id)
    await markRead('staff2', forEveryone.id)
    const res = await report('staff', forEveryone.id)
    const got = await body<ReadReport>(res)
    // student (read above), student2 and guardian.
    expect(got.total).toBe(3)
    expect(got.read).toBe(1)
    expect(got.unread.map((u) => u.id).sort()).toEqual([uid.guardian, uid.student2].sort())
  })

  it('counts the students of a targeted grade, through all its courses', async () => {
    expect(await body<ReadReport>(await report('staff', forGrade2.id))).toEqual({
      read: 0,
      total: 1,
      unread: [{ id: uid.student2, name: 'Isidora Pérez' }],
    })
  })

  it('an admin may see it; a guardian, a student and another teacher may not (403)', async () => {
    expect((await report('admin', forCourse1A.id)).status).toBe(200)
    for (const who of ['guardian', 'student', 'staff2']) {
      expect((await report(who, forCourse1A.id)).status, who).toBe(403)
    }
    expect((await report('staff', uuidv7())).status).toBe(404)
  })
})

describe('notifications are marked read the same way', () => {
  const welcomeOf = async (who: string) =>
    (
      await t.db
        .selectFrom('notifications')
        .select(['id', 'read_at', 'version'])
        .where('user_id', '=', uid[who]!)
        .executeTakeFirstOrThrow()
    ).id
  const readNotification = (who: string, id: string, readAt?: string) =>
    t.request('POST', `/api/v1/notifications/${id}/read`, {
      token: tok[who],
      json: readAt ? { read_at: readAt } : {},
      headers: EN,
    })
  const storedNotification = (id: string) =>
    t.db
      .selectFrom('notifications')
      .select(['read_at', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  it('sets read_at to the reported time, keeps the first, and clamps a future time', async () => {
    const id = await welcomeOf('guardian')
    const before = await storedNotification(id)
    const readAt = minutesFromNow(-30)
    const res = await readNotification('guardian', id, readAt)
    expect(res.status).toBe(200)
    // The whole notification as it now stands, which the device's mirror takes.
    expect(await body(res)).toMatchObject({ id, read_at: readAt, title: expect.any(String), answer: null })
    const after = await storedNotification(id)
    expect(after.read_at).toBe(readAt)
    // The change has a new number, so the user's other devices pull it.
    expect(Number(after.version)).toBeGreaterThan(Number(before.version))

    const later = await readNotification('guardian', id, minutesFromNow(-1))
    expect(await body(later)).toMatchObject({ id, read_at: readAt })
    expect(await storedNotification(id)).toEqual(after)

    const studentNotice = await welcomeOf('student')
    const start = new Date().toISOString()
    await readNotification('student', studentNotice, minutesFromNow(600))
    const clamped = (await storedNotification(studentNotice)).read_at!
    expect(clamped >= start && clamped <= new Date().toISOString()).toBe(true)
  })

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    const id = await welcomeOf('student2')
    const res = await readNotification('guardian', id, minutesFromNow(-3))
    expect(res.status).toBe(404)
    expect((await storedNotification(id)).read_at).toBeNull()
    expect((await readNotification('guardian', uuidv7())).status).toBe(404)
  })
})
