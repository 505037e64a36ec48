// Posts as the tests speak them: grade and course ids looked up by name, and a valid post body.
import { v7 as uuidv7 } from 'uuid'
import type { Post, PostInput } from '#shared/posts.schema.ts'
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
