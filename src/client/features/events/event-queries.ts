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

/** Events not over yet at `now` (all-day ones last their whole last day), soonest first. */
export async function upcomingEvents(
  db: LocalDb,
  today: string,
  nowIso: string,
  limit: number,
): Promise<LocalEvent[]> {
  const gone = await deletedHere(db)
  const events = await db.events.where('ends_at').aboveOrEqual(today).sortBy('starts_at')
  return events
    .filter((e) => !gone.has(e.id) && (e.all_day ? e.ends_at >= today : e.ends_at >= nowIso))
    .slice(0, limit)
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
