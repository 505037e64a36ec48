// The calendar reads only the mirror: it opens at once, offline too.
import type { CalendarEvent, EventCategory } from '#shared/events.schema.ts'
import { sessionsOf } from '#shared/processes.schema.ts'
import { zonedToUtc } from '#shared/time-zones.ts'
import type { LocalDb, LocalEvent } from '../../platform/sync/local-db.ts'

/** Events being deleted (the delete waits in the outbox) no longer show. */
async function deletedHere(db: LocalDb): Promise<Set<string>> {
  const items = await db.outbox.where('record').startsWith('events:').toArray()
  return new Set(items.filter((i) => i.kind === 'event.delete').map((i) => i.record!.slice('events:'.length)))
}

export async function allEvents(db: LocalDb): Promise<LocalEvent[]> {
  const [events, gone] = await Promise.all([db.events.orderBy('starts_at').toArray(), deletedHere(db)])
  return events.filter((e) => !gone.has(e.id))
}

/** Soonest first; of events starting together, the one ending first (then by id, so the order holds). */
function soonest(a: LocalEvent, b: LocalEvent): number {
  if (a.starts_at !== b.starts_at) return a.starts_at < b.starts_at ? -1 : 1
  if (a.ends_at !== b.ends_at) return a.ends_at < b.ends_at ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/**
 * The first `limit` events not over yet at `now` (all-day ones last their whole last day), soonest
 * first. Home asks for three; reading every event still to come for them (a term's calendar is
 * hundreds) made each ask read and copy them all, and a first sync asks again every second while it
 * fills. Only keys are read to tell which started before today; the events themselves are read for
 * those (a trip, a term: few) and, in order of start, for as many of the others as the list needs.
 */
export async function upcomingEvents(
  db: LocalDb,
  today: string,
  nowIso: string,
  limit: number,
): Promise<LocalEvent[]> {
  if (limit <= 0) return []
  const [gone, endingLater, startingLater] = await Promise.all([
    deletedHere(db),
    db.events.where('ends_at').aboveOrEqual(today).primaryKeys(),
    db.events.where('starts_at').aboveOrEqual(today).primaryKeys(),
  ])
  const notOver = (e: LocalEvent | undefined): e is LocalEvent =>
    e !== undefined && !gone.has(e.id) && (e.all_day ? e.ends_at >= today : e.ends_at >= nowIso)
  const later = new Set(startingLater)
  const started = (await db.events.bulkGet(endingLater.filter((id) => !later.has(id)))).filter(notOver)
  // Keys from the start index come in order of start (an event starting today or later ends then
  // too, so none of these is in `started`).
  for (let take = limit + gone.size + 2; ; take *= 4) {
    const coming = await db.events.bulkGet(startingLater.slice(0, take))
    const shown = [...started, ...coming.filter(notOver)].sort(soonest)
    const lastRead = coming.at(-1)
    const last = shown[limit - 1]
    // Done once every key is read, or the ones not read start after the last event shown.
    if (take >= startingLater.length || (last && lastRead && lastRead.starts_at > last.starts_at))
      return shown.slice(0, limit)
  }
}

export async function categoriesById(db: LocalDb): Promise<Map<number, EventCategory>> {
  return new Map((await db.event_categories.toArray()).map((c) => [c.id, c]))
}

/**
 * Practice ids in the calendar: `practice_<process>_<schedule>_<day>`, opened on the process's page.
 * schedule-x refuses (and the page falls over on) ids that are not CSS identifiers, so no colons.
 */
const PRACTICE_PREFIX = 'practice_'

export function practiceId(process: string, schedule: string, date: string): string {
  return `${PRACTICE_PREFIX}${process}_${schedule}_${date}`
}

export function processOfPractice(id: string): string | undefined {
  return id.startsWith(PRACTICE_PREFIX) ? id.split('_')[1] : undefined
}

/**
 * The practice sessions of the mirrored processes (a family's hold only its own courses' schedules)
 * between the days `from` and `to`, shaped as events so the calendar draws them beside the others.
 */
export async function practiceSessions(
  db: LocalDb,
  zone: string,
  from: string,
  to: string,
): Promise<CalendarEvent[]> {
  const processes = await db.processes.where('ends_on').aboveOrEqual(from).toArray()
  return processes.flatMap((process) =>
    process.schedules.flatMap((schedule) =>
      sessionsOf(process, schedule, from, to).map(({ date }) => ({
        id: practiceId(process.id, schedule.id, date),
        name: process.name,
        description: schedule.notes,
        location: schedule.place,
        all_day: false,
        starts_at: zonedToUtc(`${date}T${schedule.starts_at}`, zone),
        ends_at: zonedToUtc(`${date}T${schedule.ends_at}`, zone),
        category_id: null,
        grades: [],
        courses: [schedule.course_id],
        author: { id: 0, name: schedule.supervisor },
        created_at: process.created_at,
        updated_at: process.updated_at,
      })),
    ),
  )
}
