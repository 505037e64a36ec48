// Who reads which post: families see the whole college and their own grade and course, staff see all,
// scheduled posts wait for their date, and the feed pages newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Post } from '#shared/posts.schema.ts'
import { body, EN } from './helpers/http.ts'
import { addUserLike } from './helpers/people.ts'
import { createPost, type DemoIds, demoIds, minutesFromNow, setPublishAt } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

type Feed = { data: Post[]; next_cursor: string | null }

let t: TestApp
let ids: DemoIds
const tokens: Record<string, string> = {}
/** title -> post, for the posts written in beforeAll. */
const posts: Record<string, Post> = {}
let categoryId: number

beforeAll(async () => {
  t = await createTestApp()
  ids = await demoIds(t)
  await addUserLike(t, 'staff@demo.test', 'staff2@demo.test', 'Patricia')
  for (const email of [
    'admin@demo.test',
    'staff@demo.test',
    'staff2@demo.test',
    'guardian@demo.test',
    'student@demo.test',
    'student2@demo.test',
    'company@demo.test',
  ]) {
    tokens[email.split('@')[0]!] = await t.login(email)
  }
  const res = await t.request('POST', '/api/v1/post-categories', {
    token: tokens.staff,
    json: { name: 'Deportes' },
  })
  categoryId = (await body<{ id: number }>(res)).id
  const write = async (title: string, grades: Post['grades'], courses: Post['courses'], category = false) => {
    posts[title] = await createPost(t, tokens.staff!, {
      title,
      grades,
      courses,
      category_id: category ? categoryId : null,
    })
  }
  await write('Todo el colegio', ['all'], ['all'], true)
  await write('Primero básico', [ids.grade1], ['all'])
  await write('Primero A', [ids.grade1], [ids.course1A], true)
  await write('Primero B', [ids.grade1], [ids.course1B])
  await write('Segundo básico', [ids.grade2], ['all'], true)
  await write('Segundo A', [ids.grade2], [ids.course2A])
  await write('Primero A y Segundo A', ['all'], [ids.course1A, ids.course2A])
})
afterAll(async () => {
  await t.close()
})

async function feed(token: string, query = '?limit=100'): Promise<Feed> {
  const res = await t.request('GET', `/api/v1/posts${query}`, { token, headers: EN })
  expect(res.status).toBe(200)
  return body<Feed>(res)
}

/** Titles of the posts written in beforeAll that this user finds in the feed. */
async function titlesFor(who: string): Promise<string[]> {
  const known = new Set(Object.values(posts).map((p) => p.id))
  return (await feed(tokens[who]!)).data
    .filter((p) => known.has(p.id))
    .map((p) => p.title)
    .sort()
}

describe('who sees which post', () => {
  it("a guardian sees the whole college's posts and those of their student's grade and course, not another course's", async () => {
    expect(await titlesFor('guardian')).toEqual(
      ['Primero A', 'Primero A y Segundo A', 'Primero básico', 'Todo el colegio'].sort(),
    )
    expect(
      (await t.request('GET', `/api/v1/posts/${posts['Primero B']!.id}`, { token: tokens.guardian })).status,
    ).toBe(404)
    const one = await t.request('GET', `/api/v1/posts/${posts['Primero A']!.id}`, { token: tokens.guardian })
    expect(one.status).toBe(200)
    expect(await body(one)).toEqual(posts['Primero A'])
  })

  it('a student sees the same for their own course', async () => {
    expect(await titlesFor('student')).toEqual(
      ['Primero A', 'Primero A y Segundo A', 'Primero básico', 'Todo el colegio'].sort(),
    )
    expect(await titlesFor('student2')).toEqual(
      ['Primero A y Segundo A', 'Segundo A', 'Segundo básico', 'Todo el colegio'].sort(),
    )
    expect(
      (await t.request('GET', `/api/v1/posts/${posts['Primero A']!.id}`, { token: tokens.student2 })).status,
    ).toBe(404)
  })

  it('a company sees only the posts for the whole college', async () => {
    expect(await titlesFor('company')).toEqual(['Todo el colegio'])
  })

  it('staff and admins see every post', async () => {
    const all = Object.keys(posts).sort()
    expect(await titlesFor('staff')).toEqual(all)
    expect(await titlesFor('staff2')).toEqual(all)
    expect(await titlesFor('admin')).toEqual(all)
  })

  it('answers 401 without a token', async () => {
    expect((await t.request('GET', '/api/v1/posts')).status).toBe(401)
  })
})

describe('a scheduled post', () => {
  it('is seen only by its author and admins until its date, then by everyone it is for', async () => {
    const scheduled = await createPost(t, tokens.staff!, {
      title: 'Programado',
      publish_at: minutesFromNow(90),
    })
    expect(Date.parse(scheduled.publish_at)).toBeGreaterThan(Date.now() + 80 * 60_000)
    const inFeed = async (who: string) => (await feed(tokens[who]!)).data.some((p) => p.id === scheduled.id)
    const opened = async (who: string) =>
      (await t.request('GET', `/api/v1/posts/${scheduled.id}`, { token: tokens[who] })).status

    for (const who of ['guardian', 'student', 'company', 'staff2']) {
      expect(await inFeed(who), who).toBe(false)
      expect(await opened(who), who).toBe(404)
    }
    for (const who of ['staff', 'admin']) {
      expect(await inFeed(who), who).toBe(true)
      expect(await opened(who), who).toBe(200)
    }

    // Time passes: the date is now behind us, and nobody has announced the post yet.
    await setPublishAt(t, scheduled.id, minutesFromNow(-1))
    const row = await t.db
      .selectFrom('posts')
      .select('announced')
      .where('id', '=', scheduled.id)
      .executeTakeFirstOrThrow()
    expect(row.announced).toBe(0)
    for (const who of ['guardian', 'student', 'company', 'staff2']) {
      expect(await inFeed(who), who).toBe(true)
      expect(await opened(who), who).toBe(200)
    }
    // Lists filter by date themselves; the next pull gives the post a change number for the mirrors.
    expect((await t.request('GET', '/api/v1/sync', { token: tokens.guardian })).status).toBe(200)
    const announced = await t.db
      .selectFrom('posts')
      .select('announced')
      .where('id', '=', scheduled.id)
      .executeTakeFirstOrThrow()
    expect(announced.announced).toBe(1)
  })

  it('rejects a publication date that is not a date', async () => {
    const res = await t.request('POST', '/api/v1/posts', {
      token: tokens.staff,
      headers: EN,
      json: {
        id: '01900000-0000-7000-8000-00000000abcd',
        title: 'x',
        content: '<p>x</p>',
        grades: ['all'],
        courses: ['all'],
        publish_at: 'next tuesday',
      },
    })
    expect(res.status).toBe(422)
    expect((await body(res)).errors).toEqual({ publish_at: ['Please enter a valid date and time'] })
  })
})

describe('the feed', () => {
  it('walks every visible post exactly once, newest first, two at a time (ties broken by id)', async () => {
    // Three posts published at the same instant, and one older: the cursor must not skip or repeat.
    const same = '2026-03-02T12:00:00.000Z'
    await setPublishAt(t, posts['Primero básico']!.id, same)
    await setPublishAt(t, posts['Primero A']!.id, same)
    await setPublishAt(t, posts['Todo el colegio']!.id, same)
    await setPublishAt(t, posts['Primero A y Segundo A']!.id, '2026-03-01T08:00:00.000Z')

    const everything = (await feed(tokens.guardian!)).data
    const expected = [...everything]
      .sort((a, b) => b.publish_at.localeCompare(a.publish_at) || b.id.localeCompare(a.id))
      .map((p) => p.id)
    expect(everything.map((p) => p.id)).toEqual(expected)
    expect(expected.length).toBeGreaterThanOrEqual(5)

    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: Feed = await feed(
        tokens.guardian!,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data.map((p) => p.id))
      cursor = page.next_cursor
      pages += 1
      expect(pages).toBeLessThan(20)
    } while (cursor)
    expect(seen).toEqual(expected)
    expect(pages).toBe(Math.ceil(expected.length / 2))
    // The oldest is last.
    expect(seen.at(-1)).toBe(posts['Primero A y Segundo A']!.id)
  })

  it('filters by category, still only among the posts the user may see', async () => {
    const forGuardian = (await feed(tokens.guardian!, `?limit=100&category_id=${categoryId}`)).data
    expect(forGuardian.map((p) => p.title).sort()).toEqual(['Primero A', 'Todo el colegio'])
    expect(forGuardian.every((p) => p.category_id === categoryId)).toBe(true)
    const forStaff = (await feed(tokens.staff!, `?limit=100&category_id=${categoryId}`)).data
    expect(forStaff.map((p) => p.title).sort()).toEqual(['Primero A', 'Segundo básico', 'Todo el colegio'])
    const none = (await feed(tokens.staff!, '?limit=100&category_id=999999')).data
    expect(none).toEqual([])
  })

  it('refuses a limit that is not a positive whole number (422)', async () => {
    const res = await t.request('GET', '/api/v1/posts?limit=abc', { token: tokens.guardian, headers: EN })
    expect(res.status).toBe(422)
    expect(Object.keys((await body(res)).errors)).toEqual(['limit'])
  })
})
