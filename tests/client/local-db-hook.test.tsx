// @vitest-environment jsdom
// A screen follows the mirror as it opens: even when it opens after the screen's first render but before
// the screen's effects run (a screen whose code was already loaded, opened offline), which used to
// leave the screen reading no mirror at all, showing an empty home. And a screen's query follows the
// mirror as sync pages land, without going back to "loading" when its inputs change.
import 'fake-indexeddb/auto'
import { act, useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { closeLocalDb, createLocalDb, openLocalDb } from '#client/platform/sync/local-db.ts'
import { setSyncStatus } from '#client/platform/sync/sync-status.ts'
import { FILLING_FOLLOW_MS, useLocalDb, useLocalQuery } from '#client/platform/sync/use-local-query.ts'

// React's act() needs to know it runs in a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => closeLocalDb())

function Reader({ seen }: { seen: (name: string | undefined) => void }) {
  seen(useLocalDb()?.name)
  return null
}

/** Opens the mirror after the first render and before any passive effect, as the engine may. */
function OpensTheMirror() {
  useLayoutEffect(() => {
    openLocalDb(4242)
  }, [])
  return null
}

describe('useLocalDb', () => {
  it('sees a mirror opened between the first render and the effects', async () => {
    const names: (string | undefined)[] = []
    const root = createRoot(document.createElement('div'))
    await act(async () => {
      root.render(
        <>
          <Reader seen={(name) => names.push(name)} />
          <OpensTheMirror />
        </>,
      )
    })
    expect(names[0]).toBeUndefined()
    expect(names.at(-1)).toMatch(/4242$/)
    await act(async () => closeLocalDb())
    expect(names.at(-1)).toBeUndefined()
    await act(async () => root.unmount())
  })
})

function Count({ minimum, seen }: { minimum: number; seen: (count: number | undefined) => void }) {
  seen(useLocalQuery((db) => db.posts.filter((p) => Number(p.id) >= minimum).count(), [minimum]))
  return null
}

const post = (id: number) => ({ id: String(id), title: `Post ${id}` }) as never

describe('useLocalQuery', () => {
  it('draws the first answer, follows the mirror as a sync page lands, and keeps the last answer while new inputs are asked', async () => {
    const db = openLocalDb(4343)
    await db.posts.bulkPut([post(1), post(2)])
    const seen: (number | undefined)[] = []
    const root = createRoot(document.createElement('div'))
    const render = (minimum: number) =>
      act(async () => root.render(<Count minimum={minimum} seen={(n) => seen.push(n)} />))
    await render(0)
    await waitFor(() => seen.at(-1) === 2)
    expect(seen[0]).toBeUndefined()

    // A later answer is drawn as a transition: it still reaches the screen.
    await act(async () => db.posts.bulkPut([post(3), post(4), post(5)]))
    await waitFor(() => seen.at(-1) === 5)

    // New inputs: the screen goes on showing the last answer, never "loading" again, until the new one.
    const before = seen.length
    await render(4)
    await waitFor(() => seen.at(-1) === 2)
    expect(seen.slice(before).every((n) => n !== undefined)).toBe(true)
    await act(async () => root.unmount())
  })
})

let newestRuns = 0
function Newest({ seen }: { seen: (titles: string[] | undefined) => void }) {
  const rows = useLocalQuery((db) => {
    newestRuns++
    return db.posts.orderBy('publish_at').reverse().limit(2).toArray()
  }, [])
  seen(rows?.map((p) => p.title))
  return null
}

const dated = (id: number, title = `Post ${id}`) =>
  ({ id: String(id), title, publish_at: `2026-11-${String(id).padStart(2, '0')}T10:00:00Z` }) as never

describe('useLocalQuery, later answers', () => {
  it('draws a later answer only when it holds something else: older posts landing leave the newest undrawn', async () => {
    const db = openLocalDb(4646)
    await db.posts.bulkPut([dated(20), dated(21)])
    const seen: (string[] | undefined)[] = []
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(<Newest seen={(titles) => seen.push(titles)} />))
    await waitFor(() => seen.at(-1)?.join() === 'Post 21,Post 20')

    // A sync page of older posts: the query runs again, its answer is the same rows, nothing is drawn.
    const drawn = seen.length
    const runs = newestRuns
    await act(async () => db.posts.bulkPut([dated(1), dated(2), dated(3)]))
    await waitFor(() => newestRuns > runs)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 30)))
    expect(seen.length).toBe(drawn)

    // A shown post changed, and a newer one: each is drawn.
    await act(async () => db.posts.put(dated(21, 'Post 21, corrected')))
    await waitFor(() => seen.at(-1)?.join() === 'Post 21, corrected,Post 20')
    await act(async () => db.posts.put(dated(22)))
    await waitFor(() => seen.at(-1)?.join() === 'Post 22,Post 21, corrected')
    await act(async () => root.unmount())
  })
})

let countRuns = 0
function PostCount({ seen }: { seen: (count: number | undefined) => void }) {
  seen(
    useLocalQuery((db) => {
      countRuns++
      return db.posts.count()
    }, []),
  )
  return null
}

describe('useLocalQuery while a first sync fills the mirror', () => {
  afterEach(() => setSyncStatus({ filling: false }))

  it("asks again once for the pull's pages within a second, draws this tab's own writes at once, and follows every write once the mirror is full", async () => {
    const db = openLocalDb(4747)
    await db.posts.bulkPut([post(1)])
    setSyncStatus({ filling: true })
    const seen: (number | undefined)[] = []
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(<PostCount seen={(n) => seen.push(n)} />))
    await waitFor(() => seen.at(-1) === 1)

    // Five pages written by the pull (its own connection, as the worker's), one transaction each, one
    // after another: one more run shows them all.
    const pull = createLocalDb(db.name)
    const runs = countRuns
    for (let page = 0; page < 5; page++) await act(async () => pull.posts.bulkPut([post(10 + page)]))
    await waitFor(() => seen.at(-1) === 6, FILLING_FOLLOW_MS / 5)
    expect(countRuns - runs).toBe(1)

    // The person does something in this tab meanwhile: drawn without waiting out the second.
    await act(async () => db.posts.bulkPut([post(30)]))
    await waitFor(() => seen.at(-1) === 7, 40)

    // The mirror is full: the paused query catches up without waiting out its second, and follows
    // each write again.
    setSyncStatus({ filling: false })
    await act(async () => pull.posts.bulkPut([post(20)]))
    await waitFor(() => seen.at(-1) === 8, 40)
    await act(async () => pull.posts.bulkPut([post(21)]))
    await waitFor(() => seen.at(-1) === 9, 40)
    pull.close()
    await act(async () => root.unmount())
  })
})

function Remembered({ seen }: { seen: (count: number | undefined) => void }) {
  seen(useLocalQuery((db) => db.posts.count(), [], undefined, 'test:posts'))
  return null
}

describe('useLocalQuery with remember', () => {
  it("a screen opened again draws its last visit's answer at once, then the mirror's; another user's mirror starts empty", async () => {
    const db = openLocalDb(4444)
    await db.posts.bulkPut([post(1), post(2)])
    const visit = async () => {
      const seen: (number | undefined)[] = []
      const root = createRoot(document.createElement('div'))
      await act(async () => root.render(<Remembered seen={(n) => seen.push(n)} />))
      return { seen, close: () => act(async () => root.unmount()) }
    }
    const first = await visit()
    await waitFor(() => first.seen.at(-1) === 2)
    expect(first.seen[0]).toBeUndefined()
    await first.close()

    // Changed while the screen was closed: the last answer first, then the mirror's.
    await db.posts.bulkPut([post(3)])
    const second = await visit()
    expect(second.seen[0]).toBe(2)
    await waitFor(() => second.seen.at(-1) === 3)
    await second.close()

    // Another person signs in on this device: nothing of the last user's answers is drawn.
    closeLocalDb()
    openLocalDb(4545)
    const other = await visit()
    expect(other.seen[0]).toBeUndefined()
    await waitFor(() => other.seen.at(-1) === 0)
    await other.close()
  })
})

describe('useLocalQuery and a mirror that is closed', () => {
  it('does not open a closed mirror again (a signed-out user’s, whose mirror is being deleted)', async () => {
    const db = openLocalDb(4646)
    await db.open()
    db.close()
    const seen: (number | undefined)[] = []
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(<Count minimum={0} seen={(count) => seen.push(count)} />))
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200))
    })
    expect(db.isOpen()).toBe(false)
    expect(seen.every((count) => count === undefined)).toBe(true)
    await act(async () => root.unmount())
  })
})

/** Lets Dexie's live queries answer inside act() until `done` holds (or fails after `tries` tens of ms). */
async function waitFor(done: () => boolean, tries = 100) {
  for (let i = 0; i < tries && !done(); i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10))
    })
  }
  expect(done()).toBe(true)
}
