// A page is built from every collection's rows and keeps the first of them all: rows a collection hands
// over unshaped (`ReadRows`) are made into changes only for the places the page keeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catchUpPage, firstSyncPage } from '#server/features/sync/sync-pages.ts'
import type { AuthUser, College } from '#server/platform/context.ts'
import { type PullRequest, type SyncSource, shapeLater } from '#server/platform/sync-registry.ts'
import { lastVersion } from '#server/platform/sync-versions.ts'
import type { SyncChange } from '#shared/sync.ts'
import { collegeIdOf } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let pull: PullRequest
let top: number
beforeAll(async () => {
  t = await createTestApp()
  const college = (await t.db
    .selectFrom('colleges')
    .selectAll()
    .where('id', '=', await collegeIdOf(t.db, 'demo'))
    .executeTakeFirstOrThrow()) as College
  pull = { db: t.db, user: { id: 1 } as AuthUser, college, memo: new Map() }
  top = await lastVersion(t.db, college.id)
  expect(top).toBeGreaterThan(12)
})
afterAll(() => t.close())

type Row = { id: string; version: number }

/**
 * A collection of made-up rows numbered `versions` (within the college's change numbers), read as the
 * page asks; `shaped` notes how many rows each page had made into changes.
 */
function source(
  collection: 'posts' | 'events',
  versions: number[],
  shaped: number[],
  deleted: number[] = [],
) {
  const rows: Row[] = versions.map((version) => ({ id: `${collection}-${version}`, version }))
  const made: SyncSource = {
    collection,
    changes: async (ctx) => {
      const inRange = (v: number) => v > ctx.since && v <= ctx.until
      const order = (a: number, b: number) => (ctx.order === 'asc' ? a - b : b - a)
      const read = rows
        .filter((r) => inRange(r.version))
        .sort((a, b) => order(a.version, b.version))
        .slice(0, ctx.limit)
      const deletes = deleted
        .filter(inRange)
        .sort(order)
        .slice(0, ctx.limit)
        .map(
          (version) =>
            ({ collection, op: 'delete', id: `${collection}-gone-${version}`, version }) as SyncChange,
        )
      return shapeLater(
        collection,
        read,
        async (kept) => {
          shaped.push(kept.length)
          return kept.map((r) => ({ id: r.id, title: `row ${r.version}` }))
        },
        deletes,
      )
    },
  }
  return made
}

const mine = { userId: 1, epoch: 0 }

describe('pages of rows shaped once the page is known', () => {
  it('a catch-up page keeps the lowest changes of all collections, and shapes only the rows it keeps', async () => {
    const shapedPosts: number[] = []
    const shapedEvents: number[] = []
    // Posts take the early numbers, events the later ones: a page of 4 holds posts only.
    const sources = [
      source('posts', [2, 3, 5, 6, 8], shapedPosts, [4]),
      source('events', [9, 10, 11, 12], shapedEvents),
    ]
    const page = await catchUpPage(pull, sources, mine, 1, 4)
    expect(page.changes.map((c) => `${c.op} ${c.id}`)).toEqual([
      'put posts-2',
      'put posts-3',
      'delete posts-gone-4',
      'put posts-5',
    ])
    expect(page.changes[0]).toMatchObject({ data: { id: 'posts-2', title: 'row 2' }, version: 2 })
    expect(page.hasMore).toBe(true)
    // Five posts and four events were read; three posts were made into changes, no event.
    expect(shapedPosts).toEqual([3])
    expect(shapedEvents).toEqual([])

    const rest = await catchUpPage(pull, sources, mine, 5, 10)
    expect(rest.changes.map((c) => c.id)).toEqual([
      'posts-6',
      'posts-8',
      'events-9',
      'events-10',
      'events-11',
      'events-12',
    ])
    expect(rest.hasMore).toBe(false)
  })

  it('a first sync page goes newest first, and shapes the newest rows of each collection it keeps', async () => {
    const shapedPosts: number[] = []
    const shapedEvents: number[] = []
    const sources = [
      source('posts', [top - 9, top - 7, top - 5, top - 3, top - 1], shapedPosts),
      source('events', [top - 8, top - 6, top - 4, top - 2, top], shapedEvents),
    ]
    const page = await firstSyncPage(pull, sources, mine, undefined, 3)
    // Applied in change-number order, the three newest of both.
    expect(page.changes.map((c) => c.version)).toEqual([top - 2, top - 1, top])
    expect(page.hasMore).toBe(true)
    expect(shapedPosts).toEqual([1])
    expect(shapedEvents).toEqual([2])
  })

  it('with rows sharing a change number at the end of a page, keeps them in the order they were read', async () => {
    const shaped: number[] = []
    const sources = [source('posts', [2, 3, 3, 3, 4], shaped)]
    const rows = (await sources[0]!.changes({
      ...pull,
      since: 1,
      until: 4,
      limit: 5,
      order: 'asc',
      initial: false,
    })) as {
      versions: readonly number[]
    }
    expect(rows.versions).toEqual([2, 3, 3, 3, 4])
    const page = await catchUpPage(pull, sources, mine, 1, 3)
    expect(page.changes.map((c) => c.id)).toEqual(['posts-2', 'posts-3', 'posts-3'])
    expect(shaped).toEqual([3])
  })
})
