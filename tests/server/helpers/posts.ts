// Posts and sync pulls as the tests speak them: ids looked up by name, a valid post body, and a pull that
// walks every page and checks the protocol's invariants on the way.
import { v7 as uuidv7 } from 'uuid'
import { expect } from 'vitest'
import type { Post, PostInput } from '#shared/posts.schema.ts'
import type { SyncChange, SyncResponse } from '#shared/sync.ts'
import { body, collegeIdOf, EN } from './http.ts'
import type { TestApp } from './test-app.ts'

export type DemoIds = {
  collegeId: number
  grade1: number
  grade2: number
  course1A: number
  course1B: number
  course2A: number
}

export async function gradeIdOf(t: TestApp, name: string): Promise<number> {
  const row = await t.db.selectFrom('grades').select('id').where('name', '=', name).executeTakeFirstOrThrow()
  return row.id
}

export async function courseIdOf(t: TestApp, name: string): Promise<number> {
  const row = await t.db.selectFrom('courses').select('id').where('name', '=', name).executeTakeFirstOrThrow()
  return row.id
}

/** The grades and courses of Colegio Demo, by name. */
export async function demoIds(t: TestApp): Promise<DemoIds> {
  return {
    collegeId: await collegeIdOf(t.db, 'demo'),
    grade1: await gradeIdOf(t, '1° Básico'),
    grade2: await gradeIdOf(t, '2° Básico'),
    course1A: await courseIdOf(t, '1° Básico A'),
    course1B: await courseIdOf(t, '1° Básico B'),
    course2A: await courseIdOf(t, '2° Básico A'),
  }
}

/** A post the server accepts: for the whole college unless told otherwise. */
export function postInput(overrides: Partial<PostInput> = {}): PostInput {
  return {
    id: uuidv7(),
    title: 'Reunión de apoderados',
    content: '<p>Nos vemos el jueves a las 19:00.</p>',
    grades: ['all'],
    courses: ['all'],
    ...overrides,
  }
}

/** Creates a post and fails the test unless the server answers 201. */
export async function createPost(
  t: TestApp,
  token: string,
  overrides: Partial<PostInput> = {},
  host = 'localhost',
): Promise<Post> {
  const res = await t.request('POST', '/api/v1/posts', {
    token,
    host,
    json: postInput(overrides),
    headers: EN,
  })
  if (res.status !== 201) throw new Error(`creating a post answered ${res.status}: ${await res.text()}`)
  return body<Post>(res)
}

/** Moves a post's publication date, as if time had passed, without announcing it. */
export async function setPublishAt(t: TestApp, id: string, publishAt: string): Promise<void> {
  await t.db.updateTable('posts').set({ publish_at: publishAt }).where('id', '=', id).execute()
}

export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

export async function pull(
  t: TestApp,
  token: string,
  options: { since?: string; limit?: number | string; host?: string } = {},
) {
  const query = new URLSearchParams()
  if (options.since !== undefined) query.set('since', options.since)
  if (options.limit !== undefined) query.set('limit', String(options.limit))
  const res = await t.request('GET', `/api/v1/sync?${query}`, {
    token,
    host: options.host,
    headers: EN,
  })
  return { res, page: (await res.json()) as SyncResponse }
}

export type PullResult = { changes: SyncChange[]; cursor: string; pages: number }

/**
 * Pulls page after page until hasMore is false, checking on the way that no page is bigger than the
 * limit, no page resets, versions only grow and no (collection, id, version) comes twice.
 */
export async function pullAll(
  t: TestApp,
  token: string,
  options: { since?: string; limit?: number; host?: string } = {},
): Promise<PullResult> {
  const changes: SyncChange[] = []
  let since = options.since
  let pages = 0
  for (;;) {
    const { res, page } = await pull(t, token, { ...options, since })
    expect(res.status).toBe(200)
    expect(page.reset).toBe(false)
    if (options.limit) expect(page.changes.length).toBeLessThanOrEqual(options.limit)
    changes.push(...page.changes)
    since = page.cursor
    pages += 1
    if (pages > 500) throw new Error('the pull never ended')
    if (!page.hasMore) break
    expect(page.changes.length).toBeGreaterThan(0)
  }
  const versions = changes.map((c) => c.version)
  expect(versions).toEqual([...versions].sort((a, b) => a - b))
  expect(new Set(versions).size).toBe(versions.length)
  return { changes, cursor: since!, pages }
}

/** The latest state of each row after applying the changes in order, as a mirror would. */
export function mirrorOf(changes: SyncChange[]): Map<string, SyncChange> {
  const rows = new Map<string, SyncChange>()
  for (const change of changes) {
    const key = `${change.collection}:${change.id}`
    if (change.op === 'delete') rows.delete(key)
    else rows.set(key, change)
  }
  return rows
}

export const putIds = (changes: SyncChange[], collection: SyncChange['collection']) =>
  changes.filter((c) => c.collection === collection && c.op === 'put').map((c) => c.id)

export const deleteIds = (changes: SyncChange[], collection: SyncChange['collection']) =>
  changes.filter((c) => c.collection === collection && c.op === 'delete').map((c) => c.id)
