// Which events an audience sees: those whose targets reach it. Those who manage events see them all.
import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { type Audience, audienceOf, reaches } from '../../platform/audience.ts'
import type { AuthUser } from '../../platform/context.ts'

export function eventAudienceOf(db: Kysely<Database>, user: AuthUser): Promise<Audience> {
  return audienceOf(db, user, 'events.manage')
}

/** A WHERE clause on `events` for the events this audience may see (deleted ones included). */
export function reachesAudience(audience: Audience) {
  return (eb: ExpressionBuilder<Database, 'events'>) => {
    if (audience.all) return eb.lit(true)
    return eb.exists(
      eb
        .selectFrom('event_targets')
        .select('event_targets.id')
        .whereRef('event_targets.event_id', '=', 'events.id')
        .where((t) => reaches(t, audience, 'event_targets')),
    )
  }
}

/** A WHERE clause on `events` for the events this audience may see now. */
export function visibleEvents(audience: Audience) {
  return (eb: ExpressionBuilder<Database, 'events'>) =>
    eb.and([eb('events.deleted_at', 'is', null), reachesAudience(audience)(eb)])
}

/** A WHERE clause on `sync_exits`: the event left an audience this user was in. */
export function exitedEvent(audience: Audience) {
  return (eb: ExpressionBuilder<Database, 'sync_exits'>) =>
    audience.all ? eb.lit(true) : reaches(eb, audience, 'sync_exits')
}
