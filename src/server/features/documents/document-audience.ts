// Which documents a person sees: those whose targets reach them (the whole college, their grades,
// their courses, or them by name, which for a student includes their guardians). Those who manage
// documents see them all.
import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { type Audience, audienceOf, reaches } from '../../platform/audience.ts'
import type { AuthUser } from '../../platform/context.ts'

export function documentAudienceOf(db: Kysely<Database>, user: AuthUser): Promise<Audience> {
  return audienceOf(db, user, 'documents.manage')
}

/** A WHERE clause on `documents` for those this audience is among the targets of (deleted ones too). */
export function reachesAudience(audience: Audience) {
  return (eb: ExpressionBuilder<Database, 'documents'>) => {
    if (audience.all) return eb.lit(true)
    return eb.exists(
      eb
        .selectFrom('document_targets')
        .select('document_targets.id')
        .whereRef('document_targets.document_id', '=', 'documents.id')
        .where((t) => reaches(t, audience, 'document_targets', true)),
    )
  }
}

/** A WHERE clause on `documents` for the documents this audience may see now. */
export function visibleDocuments(audience: Audience) {
  return (eb: ExpressionBuilder<Database, 'documents'>) =>
    eb.and([eb('documents.deleted_at', 'is', null), reachesAudience(audience)(eb)])
}

/** A WHERE clause on `sync_exits`: the document left an audience this person was in. */
export function exitedDocument(audience: Audience) {
  return (eb: ExpressionBuilder<Database, 'sync_exits'>) =>
    audience.all ? eb.lit(true) : reaches(eb, audience, 'sync_exits', true)
}
