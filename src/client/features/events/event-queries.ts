// The calendar reads only the mirror: it opens at once, offline too.
import type { EventCategory } from '#shared/events.schema.ts'
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
