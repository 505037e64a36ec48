// @vitest-environment jsdom
// The screen the app opens on draws what it showed last, at its next start, before the mirror has
// opened: the kept answers come back as they were (Maps and Sets too), stay until the mirror answers,
// and give way to it. They belong to one user and one build, stay small, and leave with a sign-out.
import 'fake-indexeddb/auto'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearUserData } from '#client/platform/local-data.ts'
import { userAtom } from '#client/platform/session.ts'
import { KEPT_ANSWERS_PREFIX } from '#client/platform/storage-keys.ts'
import { store } from '#client/platform/store.ts'
import {
  forgetKeptAnswers,
  keepAnswer,
  keptAnswer,
  saveKeptAnswers,
} from '#client/platform/sync/kept-answers.ts'
import { closeLocalDb, openLocalDb } from '#client/platform/sync/local-db.ts'
import { useLocalQuery } from '#client/platform/sync/use-local-query.ts'
import type { User } from '#shared/api-types.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const USER = 5151
const post = (id: number) => ({ id: String(id), title: `Post ${id}`, category_id: 1 }) as never

type Answer = { titles: string[]; categories: Map<number, string>; read: Set<string> }

function HomeLike({ seen }: { seen: (answer: Answer | undefined) => void }) {
  const answer = useLocalQuery(
    async (db): Promise<Answer> => {
      const [posts, categories] = await Promise.all([
        db.posts.orderBy('id').toArray(),
        db.post_categories.toArray(),
      ])
      return {
        titles: posts.map((p) => p.title),
        categories: new Map(categories.map((c) => [c.id, c.name])),
        read: new Set(posts.slice(0, 1).map((p) => p.id)),
      }
    },
    [],
    undefined,
    { name: 'test:home', acrossStarts: true },
  )
  seen(answer)
  return null
}

/** A start of the app: this page's copies gone (a new page), the mirror not open yet. */
function newStart() {
  saveKeptAnswers()
  forgetKeptAnswers()
  closeLocalDb()
}

async function open() {
  const seen: (Answer | undefined)[] = []
  const root = createRoot(document.createElement('div'))
  await act(async () => root.render(<HomeLike seen={(answer) => seen.push(answer)} />))
  return { seen, close: () => act(async () => root.unmount()) }
}

beforeEach(() => {
  localStorage.clear()
  store.set(userAtom, { id: USER, college_id: 1 } as User)
})
afterEach(() => {
  forgetKeptAnswers()
  closeLocalDb()
  store.set(userAtom, undefined)
})

describe('kept answers across starts', () => {
  it("draws the last start's answer in the first render, keeps it while the mirror opens, then the mirror's", async () => {
    const db = openLocalDb(USER)
    await db.post_categories.bulkPut([{ id: 1, name: 'Sports' } as never])
    await db.posts.bulkPut([post(1), post(2)])
    const first = await open()
    await waitFor(() => first.seen.at(-1)?.titles.length === 2)
    expect(first.seen[0]).toBeUndefined()
    await first.close()

    newStart()
    const second = await open()
    expect(second.seen[0]?.titles).toEqual(['Post 1', 'Post 2'])
    expect(second.seen[0]?.categories).toEqual(new Map([[1, 'Sports']]))
    expect(second.seen[0]?.read).toEqual(new Set(['1']))
    // No mirror yet: nothing takes the kept answer's place (the skeletons stay away).
    await act(async () => new Promise((resolve) => setTimeout(resolve, 30)))
    expect(second.seen.every((answer) => answer?.titles.length === 2)).toBe(true)

    // The mirror opens, holding a post that came since: its answer replaces the kept one.
    const reopened = await act(async () => openLocalDb(USER))
    await act(async () => reopened.posts.put(post(3)))
    await waitFor(() => second.seen.at(-1)?.titles.length === 3)
    await second.close()
  })

  it('is read by the same user and build only, and a sign-out deletes it with no write left to come', async () => {
    keepAnswer(USER, 'test:other', ['a'])
    saveKeptAnswers()
    forgetKeptAnswers()
    expect(keptAnswer(USER, 'test:other')).toEqual(['a'])
    expect(keptAnswer(USER + 1, 'test:other')).toBeUndefined()

    // Written by another build: its rows may have another shape, so it is not read.
    localStorage.setItem(
      `${KEPT_ANSWERS_PREFIX}${USER}`,
      JSON.stringify({ build: 'an-older-build', answers: [['test:other', ['a']]] }),
    )
    forgetKeptAnswers()
    expect(keptAnswer(USER, 'test:other')).toBeUndefined()

    // Signing out with a write still waiting: nothing comes back after the clean-up.
    keepAnswer(USER, 'test:other', ['b'])
    forgetKeptAnswers()
    await clearUserData()
    await new Promise((resolve) => setTimeout(resolve, 1_700))
    expect(Object.keys(localStorage).filter((key) => key.startsWith(KEPT_ANSWERS_PREFIX))).toEqual([])
  })

  it('stays small: past its size, the answers written longest ago are left out', () => {
    const big = 'x'.repeat(80 * 1024)
    keepAnswer(USER, 'test:oldest', big)
    keepAnswer(USER, 'test:middle', big)
    keepAnswer(USER, 'test:newest', big)
    saveKeptAnswers()
    expect(localStorage.getItem(`${KEPT_ANSWERS_PREFIX}${USER}`)!.length).toBeLessThan(192 * 1024)
    forgetKeptAnswers()
    expect(keptAnswer(USER, 'test:oldest')).toBeUndefined()
    expect(keptAnswer(USER, 'test:middle')).toBe(big)
    expect(keptAnswer(USER, 'test:newest')).toBe(big)
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
