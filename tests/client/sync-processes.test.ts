// Processes on the device: a family's mirror brings the processes of its courses with only its own
// courses' practices, in the order the list shows them, with the next day each course meets.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { practiceSessions, processOfPractice } from '#client/features/events/event-queries.ts'
import {
  coursesOf,
  nextSession,
  processesView,
  sortProcesses,
} from '#client/features/processes/process-queries.ts'
import { openLocalDb } from '#client/platform/sync/local-db.ts'
import { pullOnce } from '#client/platform/sync/pull.ts'
import { weekdayOf } from '#shared/processes.schema.ts'
import { searchKey } from '#shared/search-key.ts'
import { addDays, todayIn } from '#shared/time-zones.ts'
import { type Harness, startHarness } from './helpers/sync-harness.ts'

let h: Harness

beforeEach(async () => {
  h = await startHarness()
})

afterEach(() => h.stop())

describe('processes on the device', () => {
  it("a family's mirror holds its courses' processes, running first, with the next practice", async () => {
    await h.signIn('guardian@demo.test')
    const db = openLocalDb(await h.userId('guardian@demo.test'))
    await pullOnce(db)
    const view = await processesView(db)
    const { timezone } = await h.t.db
      .selectFrom('colleges')
      .select('timezone')
      .where(
        'id',
        '=',
        (
          await h.t.db
            .selectFrom('users')
            .select('college_id')
            .where('email', '=', 'guardian@demo.test')
            .executeTakeFirstOrThrow()
        ).college_id!,
      )
      .executeTakeFirstOrThrow()
    const today = todayIn(timezone)
    const sorted = sortProcesses(view.processes, today)
    expect(sorted.map((p) => p.name)).toEqual(['Taller de natación', 'Campamento de lectura'])
    const swimming = sorted[0]!
    // Both courses are named; only the family's own course's practices came.
    expect(coursesOf(swimming, view).map((c) => c.name)).toEqual(['1° Básico A', '2° Básico A'])
    const own = coursesOf(swimming, view)[0]!
    expect(swimming.schedules.every((s) => s.course_id === own.id)).toBe(true)
    const next = nextSession(swimming, swimming.schedules, today)!
    expect(next.date >= today && next.date < addDays(today, 7)).toBe(true)
    expect(weekdayOf(next.date)).toBe(2)
    expect(view.processes.filter((p) => searchKey(p.name).includes(searchKey('NATACION')))).toHaveLength(1)

    // In the calendar grid: the week's practice, with an id schedule-x accepts (it throws on any
    // other character, taking the whole page down) that opens the process again.
    const sessions = await practiceSessions(db, timezone, today, addDays(today, 6))
    expect(sessions.filter((s) => s.name === 'Taller de natación')).toHaveLength(1)
    for (const session of sessions) {
      expect(session.id).toMatch(/^[a-zA-Z0-9_-]+$/)
      expect(processOfPractice(session.id)).toBe(swimming.id)
    }
    expect(processOfPractice(swimming.id)).toBeUndefined()
  })
})
