// Who sees which posts: staff and admins see the whole college; families see posts for the whole
// college and for the grades and courses of their students (or their own, for students).
import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { AuthUser } from '../../platform/context.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export type Audience = {
  userId: number
  collegeId: number
  /** Sees every post of the college (staff, admins). */
  all: boolean
  /** Sees scheduled posts of others before their date (admins). */
  admin: boolean
  gradeIds: number[]
  courseIds: number[]
}

export async function audienceOf(db: Kysely<Database>, user: AuthUser): Promise<Audience> {
  const collegeId = user.college_id!
  const all = user.permissions.includes('posts.publish')
  const admin = user.role_key === 'admin' || user.permissions.includes('college.manage')
  if (all) return { userId: user.id, collegeId, all, admin, gradeIds: [], courseIds: [] }
  const scope = tenantScope(db, collegeId)
  // A person's own courses and those of the students they are guardian of, whatever their role is
  // called (an admin may create a "substitute guardian" role).
  const studentIds = [
    user.id,
    ...(
      await scope
        .selectFrom('guardianships')
        .select('student_id')
        .where('guardian_id', '=', user.id)
        .execute()
    ).map((r) => r.student_id),
  ]
  const courses = await scope
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select(['courses.id', 'courses.grade_id'])
    .where('enrollments.student_id', 'in', studentIds)
    .execute()
  return {
    userId: user.id,
    collegeId,
    all,
    admin,
    gradeIds: [...new Set(courses.map((c) => c.grade_id))],
    courseIds: [...new Set(courses.map((c) => c.id))],
  }
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
            .where((t) =>
              t.or([
                t.and([t('post_targets.grade_id', 'is', null), t('post_targets.course_id', 'is', null)]),
                ...(audience.gradeIds.length
                  ? [
                      t.and([
                        t('post_targets.course_id', 'is', null),
                        t('post_targets.grade_id', 'in', audience.gradeIds),
                      ]),
                    ]
                  : []),
                ...(audience.courseIds.length ? [t('post_targets.course_id', 'in', audience.courseIds)] : []),
              ]),
            ),
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
    return eb.and([
      published,
      eb.or([
        eb.and([eb('sync_exits.grade_id', 'is', null), eb('sync_exits.course_id', 'is', null)]),
        ...(audience.gradeIds.length
          ? [
              eb.and([
                eb('sync_exits.course_id', 'is', null),
                eb('sync_exits.grade_id', 'in', audience.gradeIds),
              ]),
            ]
          : []),
        ...(audience.courseIds.length ? [eb('sync_exits.course_id', 'in', audience.courseIds)] : []),
      ]),
    ])
  }
}
