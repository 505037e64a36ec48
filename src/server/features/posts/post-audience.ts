// Which posts an audience sees: published ones (and, for admins and authors, scheduled ones) whose
// targets reach it.
import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { type Audience, audienceOf, reaches } from '../../platform/audience.ts'
import type { AuthUser } from '../../platform/context.ts'

export type { Audience }

/** Those who publish posts see every post of the college. */
export function postAudienceOf(db: Kysely<Database>, user: AuthUser): Promise<Audience> {
  return audienceOf(db, user, 'posts.publish')
}

/** A WHERE clause on `posts` for the posts this audience may see now. */
export function visibleTo(audience: Audience, now: string) {
  return (eb: ExpressionBuilder<Database, 'posts'>) => {
    const conditions = [eb('posts.deleted_at', 'is', null)]
    if (!audience.admin) {
      conditions.push(eb.or([eb('posts.publish_at', '<=', now), eb('posts.author_id', '=', audience.userId)]))
    }
    if (!audience.all) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom('post_targets')
            .select('post_targets.id')
            .whereRef('post_targets.post_id', '=', 'posts.id')
            .where((t) => reaches(t, audience, 'post_targets')),
        ),
      )
    }
    return eb.and(conditions)
  }
}

/**
 * A WHERE clause on `sync_exits` (joined with `posts`): the post left an audience this user was in.
 * Admins saw every post; other staff saw published ones and their own; families, the published ones
 * for the whole college, their grades or their courses.
 */
export function exitedFrom(audience: Audience) {
  return (eb: ExpressionBuilder<Database, 'sync_exits' | 'posts'>) => {
    if (audience.admin) return eb.lit(true)
    const published = eb('sync_exits.published', '=', 1)
    if (audience.all) return eb.or([published, eb('posts.author_id', '=', audience.userId)])
    return eb.and([published, reaches(eb, audience, 'sync_exits')])
  }
}
