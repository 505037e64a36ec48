// A guardian's phone keeps a mirror: it pulls what changed since its cursor, page by page, and starts over
// when the server says what the guardian may see has changed. (OFFLINE.md checklist item V6.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { syncSources } from '#server/platform/sync-registry.ts'
import type { SyncChange } from '#shared/sync.ts'
import { todayIn } from '#shared/time-zones.ts'
import { body, collegeIdOf, EN, userIdOf } from './helpers/http.ts'
import { type Viewer, viewerOf, visiblePostIds } from './helpers/people.ts'
import { createPost, type DemoIds, demoIds, minutesFromNow, setPublishAt } from './helpers/posts.ts'
import { addNotifications, deleteIds, mirrorOf, pull, pullAll, putIds } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let ids: DemoIds
const tok: Record<string, string> = {}
const uid: Record<string, number> = {}
let guardianView: Viewer

beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  for (const who of ['admin', 'staff', 'guardian', 'student', 'student2']) {
    tok[who] = await t.login(`${who}@demo.test`)
    uid[who] = await userIdOf(t.db, `${who}@demo.test`)
  }
  // Something in every collection: a category, posts for several audiences, a read, notifications.
  const category = await t.request('POST', '/api/v1/post-categories', {
    token: tok.staff,
    json: { name: 'Avisos' },
  })
  expect(category.status).toBe(201)
  const categoryId = (await body<{ id: number }>(category)).id
  await createPost(t, tok.staff!, { title: 'Para todos', category_id: categoryId })
  const forCourse = await createPost(t, tok.staff!, {
    title: 'Para 1° A',
    grades: [ids.grade1],
    courses: [ids.course1A],
  })
  await createPost(t, tok.staff!, { title: 'Para 1° B', grades: [ids.grade1], courses: [ids.course1B] })
  await createPost(t, tok.admin!, { title: 'Para 1° Básico', grades: [ids.grade1], courses: ['all'] })
  await createPost(t, tok.staff!, { title: 'Para 2° Básico', grades: [ids.grade2], courses: ['all'] })
  await createPost(t, tok.staff!, { title: 'Más tarde', publish_at: minutesFromNow(120) })
  await t.request('POST', `/api/v1/posts/${forCourse.id}/read`, { token: tok.guardian, json: {} })
  await t.request('POST', `/api/v1/posts/${forCourse.id}/read`, { token: tok.student, json: {} })
  await addNotifications(t, uid.guardian!, ['Reunión', 'Cuota'])
  await addNotifications(t, uid.student2!, ['Para otra familia'])
  guardianView = await viewerOf(t, uid.guardian!)
})
afterAll(async () => {
  await t.close()
})

/** What the guardian's mirror must hold, per collection, worked out from the tables. */
async function expectedForGuardian(): Promise<Record<SyncChange['collection'], string[]>> {
  const collegeId = await collegeIdOf(t.db, 'demo')
  const idsOf = async (rows: Promise<{ id: string | number }[]>) =>
    (await rows).map((r) => String(r.id)).sort()
  return {
    posts: [...(await visiblePostIds(t, guardianView))].sort(),
    post_categories: await idsOf(
      t.db.selectFrom('post_categories').select('id').where('college_id', '=', collegeId).execute(),
    ),
    post_reads: await idsOf(
      t.db.selectFrom('post_reads').select('post_id as id').where('user_id', '=', uid.guardian!).execute(),
    ),
    notifications: await idsOf(
      t.db.selectFrom('notifications').select('id').where('user_id', '=', uid.guardian!).execute(),
    ),
    grades: await idsOf(t.db.selectFrom('grades').select('id').where('college_id', '=', collegeId).execute()),
    courses: await idsOf(
      t.db.selectFrom('courses').select('id').where('college_id', '=', collegeId).execute(),
    ),
    events: await guardianEventIds(collegeId),
    event_categories: await idsOf(
      t.db.selectFrom('event_categories').select('id').where('college_id', '=', collegeId).execute(),
    ),
    conversations: await idsOf(
      t.db
        .selectFrom('conversation_members')
        .select('conversation_id as id')
        .where('user_id', '=', uid.guardian!)
        .execute(),
    ),
    messages: await idsOf(
      t.db
        .selectFrom('messages')
        .innerJoin('conversation_members', 'conversation_members.conversation_id', 'messages.conversation_id')
        .select('messages.id')
        .where('conversation_members.user_id', '=', uid.guardian!)
        .where((eb) => eb.or([eb('private_to', 'is', null), eb('private_to', '=', uid.guardian!)]))
        .execute(),
    ),
    documents: await guardianDocumentIds(collegeId),
    document_categories: await idsOf(
      t.db.selectFrom('document_categories').select('id').where('college_id', '=', collegeId).execute(),
    ),
    document_opens: [],
    // Whole-college fees and those of 1° Básico (the guardian's student's grade), and his payments.
    fees: await idsOf(
      t.db
        .selectFrom('fees')
        .select('id')
        .where('college_id', '=', collegeId)
        .where((eb) => eb.or([eb('grade_id', 'is', null), eb('grade_id', 'in', guardianView.gradeIds)]))
        .execute(),
    ),
    payments: await idsOf(
      t.db.selectFrom('payments').select('id').where('student_id', '=', uid.student!).execute(),
    ),
    // Processes involving the course of the guardian's student.
    processes: await idsOf(
      t.db
        .selectFrom('processes')
        .innerJoin('process_courses', 'process_courses.process_id', 'processes.id')
        .select('processes.id')
        .distinct()
        .where('processes.college_id', '=', collegeId)
        .where('processes.deleted_at', 'is', null)
        .where('process_courses.course_id', 'in', guardianView.courseIds)
        .execute(),
    ),
    // The demo college accepts advertising: every live listing and every category.
    pymes: await idsOf(
      t.db
        .selectFrom('pymes')
        .select('id')
        .where('college_id', '=', collegeId)
        .where('deleted_at', 'is', null)
        .execute(),
    ),
    pyme_categories: await idsOf(
      t.db.selectFrom('pyme_categories').select('id').where('college_id', '=', collegeId).execute(),
    ),
    banners: await idsOf(
      t.db
        .selectFrom('banners')
        .select('id')
        .where('college_id', '=', collegeId)
        .where('deleted_at', 'is', null)
        .where('ends_on', '>=', todayIn('America/Santiago'))
        .execute(),
    ),
  }
}

/** Documents for the whole college, the guardian's student's grade or course, or the family by name. */
async function guardianDocumentIds(collegeId: number): Promise<string[]> {
  const family = [
    uid.guardian!,
    ...(
      await t.db
        .selectFrom('guardianships')
        .select('student_id')
        .where('guardian_id', '=', uid.guardian!)
        .execute()
    ).map((g) => g.student_id),
  ]
  const rows = await t.db
    .selectFrom('documents')
    .innerJoin('document_targets', 'document_targets.document_id', 'documents.id')
    .select('documents.id')
    .distinct()
    .where('documents.college_id', '=', collegeId)
    .where('documents.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('grade_id', 'is', null), eb('course_id', 'is', null), eb('user_id', 'is', null)]),
        eb('user_id', 'in', family),
        eb('course_id', 'in', guardianView.courseIds),
        eb.and([eb('course_id', 'is', null), eb('grade_id', 'in', guardianView.gradeIds)]),
      ]),
    )
    .execute()
  return rows.map((r) => r.id).sort()
}

/** Events for the whole college, the grade or the course of the guardian's student. */
async function guardianEventIds(collegeId: number): Promise<string[]> {
  const courses = await t.db
    .selectFrom('guardianships')
    .innerJoin('enrollments', 'enrollments.student_id', 'guardianships.student_id')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select(['courses.id', 'courses.grade_id'])
    .where('guardianships.guardian_id', '=', uid.guardian!)
    .execute()
  const targets = await t.db
    .selectFrom('event_targets')
    .innerJoin('events', 'events.id', 'event_targets.event_id')
    .select(['events.id', 'event_targets.grade_id', 'event_targets.course_id'])
    .where('events.college_id', '=', collegeId)
    .where('events.deleted_at', 'is', null)
    .execute()
  const reaches = (g: number | null, c: number | null) =>
    (g === null && c === null) ||
    (c === null && courses.some((k) => k.grade_id === g)) ||
    courses.some((k) => k.id === c)
  return [...new Set(targets.filter((r) => reaches(r.grade_id, r.course_id)).map((r) => r.id))].sort()
}

const sortedPuts = (changes: SyncChange[], collection: SyncChange['collection']) =>
  putIds(changes, collection).sort()

/** The put of the post with this title, if the changes have one. */
const titleOf = (changes: SyncChange[], title: string) =>
  changes.find(
    (c): c is Extract<SyncChange, { collection: 'posts'; op: 'put' }> =>
      c.collection === 'posts' && c.op === 'put' && c.data.title === title,
  )

describe('V6 a first pull, page by page', () => {
  it('brings every row the guardian may see exactly once, across collections', async () => {
    const expected = await expectedForGuardian()
    expect(expected.posts.length).toBeGreaterThanOrEqual(3)
    expect(expected.notifications.length).toBeGreaterThanOrEqual(3)
    expect(expected.post_reads).toHaveLength(1)

    const { changes, pages } = await pullAll(t, tok.guardian!, { limit: 3 })
    expect(pages).toBeGreaterThan(3)
    for (const collection of Object.keys(expected) as SyncChange['collection'][]) {
      const puts = putIds(changes, collection)
      expect(new Set(puts).size, `${collection} repeated`).toBe(puts.length)
      expect(puts.sort(), collection).toEqual(expected[collection])
    }
    // Later pages may tell the mirror to drop posts it never had; never one the guardian may see.
    for (const id of deleteIds(changes, 'posts')) expect(expected.posts).not.toContain(id)
    expect(titleOf(changes, 'Para 1° B')).toBeUndefined()
    expect(titleOf(changes, 'Más tarde')).toBeUndefined()

    // The rows are the API's shapes.
    expect(titleOf(changes, 'Para 1° A')?.data).toMatchObject({
      grades: [ids.grade1],
      courses: [ids.course1A],
      author: { id: uid.staff, name: 'Sergio Profesor' },
    })
    const read = changes.find((c) => c.collection === 'post_reads')!
    expect(read).toMatchObject({ op: 'put', data: { id: read.id, post_id: read.id } })
    const course = changes.find((c) => c.collection === 'courses' && c.id === String(ids.course1A))!
    expect(course).toMatchObject({
      op: 'put',
      data: { id: ids.course1A, grade_id: ids.grade1, name: '1° Básico A' },
    })

    // One big page brings the same rows.
    const { page: whole } = await pull(t, tok.guardian!, { limit: 2000 })
    expect(whole.hasMore).toBe(false)
    for (const collection of Object.keys(expected) as SyncChange['collection'][]) {
      expect(sortedPuts(whole.changes, collection), collection).toEqual(expected[collection])
    }
  })

  it('V6 a page boundary among rows written together neither skips nor repeats one', async () => {
    const { cursor } = await pullAll(t, tok.guardian!)
    // 25 posts sent at once (their transactions queue for change numbers) and 25 notifications written in
    // one transaction, all at the same instant.
    const posts = await Promise.all(
      Array.from({ length: 25 }, (_, i) => createPost(t, tok.staff!, { title: `Lote ${i}` })),
    )
    const notices = await addNotifications(
      t,
      uid.guardian!,
      Array.from({ length: 25 }, (_, i) => `Aviso ${i}`),
      '2026-03-02T10:00:00.000Z',
    )

    const { changes, pages } = await pullAll(t, tok.guardian!, { since: cursor, limit: 7 })
    expect(pages).toBe(Math.ceil(50 / 7))
    expect(sortedPuts(changes, 'posts')).toEqual(posts.map((p) => p.id).sort())
    expect(sortedPuts(changes, 'notifications')).toEqual([...notices].sort())
    expect(changes).toHaveLength(50)
  })
})

describe('V6 later pulls from a cursor', () => {
  it('each page holds the lowest changes, whichever collection they come from and in whatever order the server reads them', async () => {
    const { cursor } = await pullAll(t, tok.guardian!)
    // Posts are read first and notifications later: the page must still end where the numbers say.
    const before = await addNotifications(t, uid.guardian!, ['Antes 1', 'Antes 2', 'Antes 3', 'Antes 4'])
    const posts = []
    for (let i = 0; i < 4; i++) posts.push(await createPost(t, tok.staff!, { title: `Entre ${i}` }))
    const after = await addNotifications(t, uid.guardian!, ['Después 1', 'Después 2', 'Después 3'])

    const first = await pull(t, tok.guardian!, { since: cursor, limit: 5 })
    expect(first.page.changes.map((c) => c.id)).toEqual([...before, posts[0]!.id])
    expect(first.page.hasMore).toBe(true)
    const second = await pull(t, tok.guardian!, { since: first.page.cursor, limit: 5 })
    expect(second.page.changes.map((c) => c.id)).toEqual([
      ...posts.slice(1).map((p) => p.id),
      ...after.slice(0, 2),
    ])
    expect(second.page.hasMore).toBe(true)
    const third = await pull(t, tok.guardian!, { since: second.page.cursor, limit: 5 })
    expect(third.page.changes.map((c) => c.id)).toEqual(after.slice(2))
    expect(third.page.hasMore).toBe(false)
  })

  it('with nothing new, answers no changes, hasMore false and the same cursor', async () => {
    const { cursor } = await pullAll(t, tok.guardian!)
    const { res, page } = await pull(t, tok.guardian!, { since: cursor })
    expect(res.status).toBe(200)
    expect(page).toEqual({ changes: [], cursor, hasMore: false, reset: false })
  })

  it('with nothing written in the college since the cursor, no collection is read; with a write, those it may concern are', async () => {
    const { cursor } = await pullAll(t, tok.guardian!)
    const asked: string[] = []
    const sources = syncSources()
    const originals = sources.map((source) => source.changes)
    sources.forEach((source, i) => {
      ;(source as { changes: typeof source.changes }).changes = (ctx) => {
        asked.push(source.collection)
        return originals[i]!(ctx)
      }
    })
    try {
      const quiet = await pull(t, tok.guardian!, { since: cursor })
      expect(quiet.page).toEqual({ changes: [], cursor, hasMore: false, reset: false })
      expect(asked).toEqual([])
      // Another family's notification moves the college's change number: the notifications are
      // looked at (and nothing of them reaches this guardian), and the collections that do not say
      // which tables carry their changes; no other.
      await addNotifications(t, uid.student2!, ['Solo para otra familia'])
      const after = await pull(t, tok.guardian!, { since: cursor })
      expect(after.page.changes).toEqual([])
      expect(after.page.hasMore).toBe(false)
      const concerned = sources.filter((s) => !s.tables || s.tables.includes('notifications'))
      expect(concerned.length).toBeLessThan(sources.length / 2)
      expect(new Set(asked)).toEqual(new Set(concerned.map((s) => s.collection)))
    } finally {
      sources.forEach((source, i) => {
        ;(source as { changes: typeof source.changes }).changes = originals[i]!
      })
    }
  })

  it('a tombstone deletes: a post deleted after the first pull arrives as a delete', async () => {
    const post = await createPost(t, tok.staff!, { title: 'Se borrará' })
    const { changes: before, cursor } = await pullAll(t, tok.guardian!)
    expect(putIds(before, 'posts')).toContain(post.id)

    expect((await t.request('DELETE', `/api/v1/posts/${post.id}`, { token: tok.staff })).status).toBe(204)
    const { changes } = await pullAll(t, tok.guardian!, { since: cursor })
    expect(changes.filter((c) => c.id === post.id)).toEqual([
      { collection: 'posts', op: 'delete', id: post.id, version: expect.any(Number) },
    ])
  })

  it("a post re-targeted away from the guardian's course arrives as a delete (and still as a put for staff)", async () => {
    const post = await createPost(t, tok.staff!, {
      title: 'Cambia de curso',
      grades: [ids.grade1],
      courses: [ids.course1A],
    })
    const { cursor } = await pullAll(t, tok.guardian!)
    const { cursor: staffCursor } = await pullAll(t, tok.staff!)

    const res = await t.request('PUT', `/api/v1/posts/${post.id}`, {
      token: tok.staff,
      json: {
        title: 'Cambia de curso',
        content: '<p>Ahora para 1° B</p>',
        grades: [ids.grade1],
        courses: [ids.course1B],
      },
    })
    expect(res.status).toBe(200)
    const { changes } = await pullAll(t, tok.guardian!, { since: cursor })
    expect(changes.filter((c) => c.id === post.id).map((c) => c.op)).toEqual(['delete'])
    const { changes: forStaff } = await pullAll(t, tok.staff!, { since: staffCursor })
    const put = forStaff.find((c) => c.id === post.id)
    expect(put).toMatchObject({ op: 'put', data: { courses: [ids.course1B] } })
  })

  it('an edit the guardian may still see arrives as a put with the new content', async () => {
    const post = await createPost(t, tok.staff!, { title: 'Antes' })
    const { cursor } = await pullAll(t, tok.guardian!)
    await t.request('PUT', `/api/v1/posts/${post.id}`, {
      token: tok.staff,
      json: { title: 'Después', content: '<p>Nuevo</p>', grades: ['all'], courses: ['all'] },
    })
    const { changes } = await pullAll(t, tok.guardian!, { since: cursor })
    expect(changes.filter((c) => c.id === post.id)).toMatchObject([
      { op: 'put', data: { title: 'Después', content: '<p>Nuevo</p>' } },
    ])
  })

  it('a scheduled post arrives as a put once its date has come, and only once', async () => {
    const post = await createPost(t, tok.staff!, { title: 'Programado', publish_at: minutesFromNow(60) })
    const { cursor: first } = await pullAll(t, tok.guardian!)
    const { changes: early, cursor } = await pullAll(t, tok.guardian!, { since: first })
    expect(putIds(early, 'posts')).not.toContain(post.id)
    // Not yet visible: the author sees it already.
    expect(putIds((await pullAll(t, tok.staff!)).changes, 'posts')).toContain(post.id)

    await setPublishAt(t, post.id, minutesFromNow(-1))
    const { changes: due, cursor: after } = await pullAll(t, tok.guardian!, { since: cursor })
    expect(due.filter((c) => c.id === post.id)).toMatchObject([
      { collection: 'posts', op: 'put', data: { id: post.id, title: 'Programado' } },
    ])
    const { changes: again } = await pullAll(t, tok.guardian!, { since: after })
    expect(again.filter((c) => c.id === post.id)).toEqual([])
  })

  it("the guardian's own reads and notification changes arrive; other families' do not", async () => {
    const post = await createPost(t, tok.staff!, { title: 'Leído en otro teléfono' })
    const { cursor } = await pullAll(t, tok.guardian!)
    const readAt = minutesFromNow(-10)
    await t.request('POST', `/api/v1/posts/${post.id}/read`, {
      token: tok.guardian,
      json: { read_at: readAt },
    })
    await t.request('POST', `/api/v1/posts/${post.id}/read`, { token: tok.student2, json: {} })
    const [notice] = await addNotifications(t, uid.guardian!, ['Nuevo aviso'])
    await t.request('POST', `/api/v1/notifications/${notice}/read`, {
      token: tok.guardian,
      json: { read_at: readAt },
    })

    const { changes } = await pullAll(t, tok.guardian!, { since: cursor })
    expect(changes.filter((c) => c.collection === 'post_reads')).toEqual([
      {
        collection: 'post_reads',
        op: 'put',
        id: post.id,
        version: expect.any(Number),
        data: { id: post.id, post_id: post.id, read_at: readAt },
      },
    ])
    // The notification's creation and its read come as one row, in its latest state.
    expect(changes.filter((c) => c.collection === 'notifications')).toMatchObject([
      { op: 'put', id: notice, data: { title: 'Nuevo aviso', read_at: readAt } },
    ])
  })
})

describe('V6 a first sync, newest first', () => {
  const lookups = new Set(syncSources().flatMap((s) => (s.lookup ? [s.collection] : [])))

  it("a phone's first page brings the lookup lists, then the newest changes: Home shows this week's news, named", async () => {
    await createPost(t, tok.staff!, { title: 'Primera de tres' })
    await createPost(t, tok.staff!, { title: 'Segunda de tres' })
    const newest = await createPost(t, tok.staff!, { title: 'Tercera de tres' })
    const { page } = await pull(t, tok.guardian!, { limit: 100 })
    expect(page.hasMore).toBe(true)
    const whole = await pullAll(t, tok.guardian!)
    const isLookup = (c: SyncChange) => lookups.has(c.collection)
    const named = whole.changes.filter(isLookup)
    expect(named.map((c) => c.collection)).toEqual(
      expect.arrayContaining(['grades', 'courses', 'post_categories']),
    )
    expect(page.changes.filter(isLookup)).toEqual(named)
    const latest = whole.changes
      .filter((c) => !isLookup(c))
      .sort((a, b) => b.version - a.version)
      .slice(0, 100 - named.length)
    expect(page.changes.filter((c) => !isLookup(c))).toEqual(latest.reverse())
    expect(page.changes.map((c) => c.id)).toContain(newest.id)
    // The pages after it are older, and the last one hands over to catching up.
    const rest = await pullAll(t, tok.guardian!, { since: page.cursor, limit: 7 })
    expect(Math.max(...rest.changes.map((c) => c.version))).toBeLessThan(latest[0]!.version)
    const { page: caughtUp } = await pull(t, tok.guardian!, { since: rest.cursor })
    expect(caughtUp).toMatchObject({ changes: [], hasMore: false, reset: false })
  })

  it('writes made while a first sync is under way reach the mirror with the pull after it', async () => {
    const sent = await createPost(t, tok.staff!, { title: 'Ya en el teléfono' })
    const named = (await pullAll(t, tok.guardian!)).changes.filter((c) => lookups.has(c.collection))
    const { page: first } = await pull(t, tok.guardian!, { limit: named.length + 1 })
    expect(first.changes.map((c) => c.id)).toEqual([...named.map((c) => c.id), sent.id])
    const waiting = [...(await visiblePostIds(t, guardianView))].filter((id) => id !== sent.id)
    const [edited, deleted] = waiting
    // Meanwhile: a new post, edits of one already sent and of one not yet sent, a deletion.
    const created = await createPost(t, tok.staff!, { title: 'Durante la primera sincronización' })
    const edit = (id: string, title: string) =>
      t.request('PUT', `/api/v1/posts/${id}`, {
        token: tok.admin,
        json: { title, content: '<p>Cambiado</p>', grades: ['all'], courses: ['all'] },
      })
    expect((await edit(sent.id, 'Ya en el teléfono, cambiado')).status).toBe(200)
    expect((await edit(edited!, 'Aún no en el teléfono, cambiado')).status).toBe(200)
    expect((await t.request('DELETE', `/api/v1/posts/${deleted}`, { token: tok.admin })).status).toBe(204)

    const walk = await pullAll(t, tok.guardian!, { since: first.cursor, limit: 3 })
    const after = await pullAll(t, tok.guardian!, { since: walk.cursor })
    const mirror = mirrorOf([...first.changes, ...walk.changes, ...after.changes])
    const posts = [...mirror.values()].filter((c) => c.collection === 'posts' && c.op === 'put')
    guardianView = await viewerOf(t, uid.guardian!)
    expect(posts.map((c) => c.id).sort()).toEqual([...(await visiblePostIds(t, guardianView))].sort())
    expect(posts.map((c) => c.id)).toContain(created.id)
    expect(posts.map((c) => c.id)).not.toContain(deleted)
    const titleIn = (id: string) => (mirror.get(`posts:${id}`) as { data?: { title: string } }).data?.title
    expect(titleIn(sent.id)).toBe('Ya en el teléfono, cambiado')
    expect(titleIn(edited!)).toBe('Aún no en el teléfono, cambiado')
  })

  it('a first sync cut short goes on where it stopped, and a tampered place starts over', async () => {
    const { page: first } = await pull(t, tok.guardian!, { limit: 2 })
    const resumed = await pullAll(t, tok.guardian!, { since: first.cursor, limit: 2 })
    const whole = await pullAll(t, tok.guardian!)
    expect(putIds([...first.changes, ...resumed.changes], 'posts').sort()).toEqual(
      putIds(whole.changes, 'posts').sort(),
    )
    const [format, user, epoch, version] = JSON.parse(
      Buffer.from(first.cursor, 'base64url').toString('utf8'),
    ) as number[]
    for (const [after, below] of [
      [version, version! + 2],
      [version! + 1, 3],
      [-2, 3],
      [-1, 1.5],
    ]) {
      const fields = [format, user, epoch, version, after, below]
      const since = Buffer.from(JSON.stringify(fields)).toString('base64url')
      expect((await pull(t, tok.guardian!, { since })).page, String(fields)).toMatchObject({
        changes: [],
        reset: true,
      })
    }
  })
})

describe('V6 a reset refills the mirror', () => {
  it("when the guardian's student changes course, the next pull says reset, and pulling again brings the new course's posts", async () => {
    const forB = await createPost(t, tok.staff!, {
      title: 'Solo 1° B',
      grades: [ids.grade1],
      courses: [ids.course1B],
    })
    const { changes: before, cursor } = await pullAll(t, tok.guardian!)
    expect(putIds(before, 'posts')).not.toContain(forB.id)
    const { cursor: studentCursor } = await pullAll(t, tok.student!)
    const { cursor: student2Cursor } = await pullAll(t, tok.student2!)
    const { cursor: staffCursor } = await pullAll(t, tok.staff!)

    const moved = await t.request('PUT', `/api/v1/students/${uid.student}/courses`, {
      token: tok.admin,
      json: { course_ids: [ids.course1B] },
    })
    expect(moved.status).toBe(200)
    expect(await body(moved)).toEqual({ student_id: uid.student, course_ids: [ids.course1B] })

    const { res, page } = await pull(t, tok.guardian!, { since: cursor })
    expect(res.status).toBe(200)
    expect(page.reset).toBe(true)
    expect(page.changes).toEqual([])
    expect(page.cursor).not.toBe(cursor)
    // The student is reset too; another family and the staff are not.
    expect((await pull(t, tok.student!, { since: studentCursor })).page.reset).toBe(true)
    expect((await pull(t, tok.student2!, { since: student2Cursor })).page.reset).toBe(false)
    expect((await pull(t, tok.staff!, { since: staffCursor })).page.reset).toBe(false)

    guardianView = await viewerOf(t, uid.guardian!)
    const { changes } = await pullAll(t, tok.guardian!, { since: page.cursor, limit: 5 })
    const posts = putIds(changes, 'posts')
    expect(posts).toContain(forB.id)
    expect(posts.sort()).toEqual([...(await visiblePostIds(t, guardianView))].sort())
    expect(titleOf(changes, 'Para 1° A')).toBeUndefined()
    expect(titleOf(changes, 'Para 1° Básico')).toBeDefined()
  })

  it("another user's cursor, or a damaged one, answers reset with no changes", async () => {
    const { cursor: guardianCursor } = await pullAll(t, tok.guardian!)
    const other = await pull(t, tok.student2!, { since: guardianCursor })
    expect(other.res.status).toBe(200)
    expect(other.page).toMatchObject({ changes: [], reset: true })
    const betaAdmin = await t.login('admin@beta.test', 'beta.localhost')
    const { cursor: betaCursor } = await pullAll(t, betaAdmin, { host: 'beta.localhost' })
    expect((await pull(t, tok.guardian!, { since: betaCursor })).page).toMatchObject({
      changes: [],
      reset: true,
    })

    for (const since of ['garbage', 'eyJ4IjoxfQ', Buffer.from('[2,1,0,5]').toString('base64url')]) {
      const { res, page } = await pull(t, tok.guardian!, { since })
      expect(res.status, since).toBe(200)
      expect(page, since).toMatchObject({ changes: [], reset: true })
      // The fresh cursor starts a full refill.
      const refill = await pullAll(t, tok.guardian!, { since: page.cursor })
      expect(putIds(refill.changes, 'grades').length).toBeGreaterThan(0)
    }
  })
})

describe('asking wrongly', () => {
  it.each(['abc', '0', '-1', '2.5'])('limit=%s answers 422 on limit', async (limit) => {
    const { res, page } = await pull(t, tok.guardian!, { limit })
    expect(res.status).toBe(422)
    expect(Object.keys((page as unknown as { errors: object }).errors)).toEqual(['limit'])
  })

  it('a very large limit is capped, not refused', async () => {
    const { res, page } = await pull(t, tok.guardian!, { limit: 1_000_000 })
    expect(res.status).toBe(200)
    expect(page.hasMore).toBe(false)
  })

  it('answers 401 without a token', async () => {
    const res = await t.request('GET', '/api/v1/sync', { headers: EN })
    expect(res.status).toBe(401)
    expect(await body(res)).toEqual({ message: 'Unauthenticated.' })
  })
})
