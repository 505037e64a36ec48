// Which processes a person sees: those involving a course of theirs (or of the students they are
// guardian of). Those who manage processes see them all.
import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { type Audience, audienceOf } from '../../platform/audience.ts'
import type { AuthUser } from '../../platform/context.ts'

export function processAudienceOf(db: Kysely<Database>, user: AuthUser): Promise<Audience> {
  return audienceOf(db, user, 'processes.manage')
}

/** A WHERE clause on `processes` for those this audience may see (deleted ones included). */
export function reachesAudience(audience: Audience) {
  return (eb: ExpressionBuilder<Database, 'processes'>) => {
    if (audience.all) return eb.lit(true)
    if (audience.courseIds.length === 0) return eb.lit(false)
    return eb.exists(
      eb
        .selectFrom('process_courses')
        .select('process_courses.id')
        .whereRef('process_courses.process_id', '=', 'processes.id')
        .where('process_courses.course_id', 'in', audience.courseIds),
    )
  }
}

export function visibleProcesses(audience: Audience) {
  return (eb: ExpressionBuilder<Database, 'processes'>) =>
    eb.and([eb('processes.deleted_at', 'is', null), reachesAudience(audience)(eb)])
}

/** A WHERE clause on `sync_exits`: the process left a course this person is in. */
export function exitedProcess(audience: Audience) {
  return (eb: ExpressionBuilder<Database, 'sync_exits'>) => {
    if (audience.all) return eb.lit(true)
    if (audience.courseIds.length === 0) return eb.lit(false)
    return eb('sync_exits.course_id', 'in', audience.courseIds)
  }
}
