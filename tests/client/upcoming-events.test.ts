// Home's next events, read without reading every event still to come: the same list as reading them
// all (those begun before today and not over, all-day ones through their last day, none being deleted
// here, soonest first), whatever the calendar holds.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { upcomingEvents } from '#client/features/events/event-queries.ts'
import { createLocalDb, type LocalDb, type LocalEvent } from '#client/platform/sync/local-db.ts'

let db: LocalDb | undefined
afterEach(async () => {
  await db?.delete()
  db = undefined
})

const TODAY = '2026-11-30'
const NOW = '2026-11-30T15:00:00.000Z'

function event(id: string, starts_at: string, ends_at: string): LocalEvent {
  return {
    id,
    name: `Event ${id}`,
    description: '',
    location: '',
    all_day: !starts_at.includes('T'),
    starts_at,
    ends_at,
    category_id: null,
    grades: [],
    courses: [],
    author: { id: 1, name: 'Staff' },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }
}

async function deleting(id: string): Promise<void> {
  await db!.outbox.add({
    id: `delete-${id}`,
    kind: 'event.delete',
    method: 'DELETE',
    url: `/api/v1/events/${id}`,
    record: `events:${id}`,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    created: 0,
  })
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** What the list must be: every event read, filtered and sorted. */
async function byReadingAll(today: string, nowIso: string, limit: number): Promise<string[]> {
  const deleted = new Set(
    (await db!.outbox.toArray()).filter((i) => i.kind === 'event.delete').map((i) => i.record!.slice(7)),
  )
  return (await db!.events.toArray())
    .filter((e) => !deleted.has(e.id) && (e.all_day ? e.ends_at >= today : e.ends_at >= nowIso))
    .sort((a, b) => byText(a.starts_at, b.starts_at) || byText(a.ends_at, b.ends_at) || byText(a.id, b.id))
    .slice(0, limit)
    .map((e) => e.id)
}

const ids = async (limit: number, today = TODAY, now = NOW) =>
  (await upcomingEvents(db!, today, now, limit)).map((e) => e.id)

describe("Home's next events", () => {
  it('puts a trip begun last week first, leaves out what ended earlier today and what is being deleted', async () => {
    db = createLocalDb('upcoming-1')
    await db.events.bulkPut([
      event('past', '2026-11-20', '2026-11-21'),
      event('trip', '2026-11-24', '2026-12-02'),
      event('morning', '2026-11-30T09:00:00.000Z', '2026-11-30T10:00:00.000Z'),
      event('evening', '2026-11-30T19:00:00.000Z', '2026-11-30T20:00:00.000Z'),
      event('all-day-today', '2026-11-30', '2026-11-30'),
      event('fair', '2026-12-05', '2026-12-05'),
      event('cancelled', '2026-12-01', '2026-12-01'),
      event('concert', '2026-12-10T18:00:00.000Z', '2026-12-10T20:00:00.000Z'),
    ])
    await deleting('cancelled')
    expect(await ids(3)).toEqual(['trip', 'all-day-today', 'evening'])
    expect(await ids(10)).toEqual(['trip', 'all-day-today', 'evening', 'fair', 'concert'])
    expect(await ids(1)).toEqual(['trip'])
    expect(await ids(0)).toEqual([])
  })

  it('of many starting the same day, shows those ending first, as reading them all would', async () => {
    db = createLocalDb('upcoming-2')
    const sameDay = Array.from({ length: 30 }, (_, i) =>
      event(
        `s${String(29 - i).padStart(2, '0')}`,
        '2026-12-03',
        `2026-12-${String(3 + (i % 5)).padStart(2, '0')}`,
      ),
    )
    await db.events.bulkPut([...sameDay, event('a', '2026-12-02', '2026-12-02')])
    for (const limit of [1, 3, 7, 12, 40])
      expect(await ids(limit)).toEqual(await byReadingAll(TODAY, NOW, limit))
  })

  it('gives the same list as reading every event, on calendars drawn at random', async () => {
    // A fixed seed: the same calendars on every run.
    let seed = 12345
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31
    }
    const day = (offset: number) => new Date(Date.UTC(2026, 10, 30 + offset)).toISOString().slice(0, 10)
    for (let round = 0; round < 6; round++) {
      db = createLocalDb(`upcoming-random-${round}`)
      const events: LocalEvent[] = []
      for (let i = 0; i < 150; i++) {
        const start = Math.floor(random() * 90) - 45
        const length = random() < 0.8 ? 0 : Math.floor(random() * 30)
        if (random() < 0.5) {
          events.push(event(`e${i}`, day(start), day(start + length)))
        } else {
          const hour = Math.floor(random() * 24)
          const begins = new Date(Date.UTC(2026, 10, 30 + start, hour)).toISOString()
          const ends = new Date(Date.UTC(2026, 10, 30 + start + length, hour + 1)).toISOString()
          events.push(event(`e${i}`, begins, ends))
        }
      }
      await db.events.bulkPut(events)
      const doomed = new Set(Array.from({ length: 10 }, () => `e${Math.floor(random() * 150)}`))
      for (const id of doomed) await deleting(id)
      for (const limit of [1, 3, 5, 20, 200])
        expect(await ids(limit)).toEqual(await byReadingAll(TODAY, NOW, limit))
      await db.delete()
    }
    db = undefined
  })
})
