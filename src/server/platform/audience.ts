// Who sees what a college publishes to an audience (posts, events): those who manage it see the whole
// college; families see what is for the whole college and for the grades and courses of their students
// (or their own, for students).
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely'
import type { Permission } from '#shared/permissions.ts'
import type { Database } from '../db/schema.ts'
import type { AuthUser } from './context.ts'
import { shortCache } from './short-cache.ts'
import { tenantScope } from './tenant-scope.ts'

export type Audience = {
  userId: number
  collegeId: number
  /** Sees everything of the college (staff, admins). */
  all: boolean
  /** Sees what others scheduled before its date (admins). */
  admin: boolean
  gradeIds: number[]
  courseIds: number[]
  /** The person and the students they are guardian of: what is addressed to one of them reaches them. */
  userIds: number[]
}

type Family = { studentIds: number[]; courses: { id: number; grade_id: number }[] }

/**
 * A person and the students they are guardian of, with the courses of all of them, whatever their role
 * is called (an admin may create a "substitute guardian" role). Every audience of a request asks for it
 * (a sync page: posts, events, documents, processes, fees), so it is kept for a few seconds
 * (short-cache.ts).
 */
export function familyOf(db: Kysely<Database>, collegeId: number, userId: number): Promise<Family> {
  return shortCache<Family>(db, 'family').get(`${collegeId}:${userId}`, async () => {
    const scope = tenantScope(db, collegeId)
    const studentIds = [
      userId,
      ...(
        await scope
          .selectFrom('guardianships')
          .select('student_id')
          .where('guardian_id', '=', userId)
          .execute()
      ).map((r) => r.student_id),
    ]
    const courses = await scope
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .select(['courses.id', 'courses.grade_id'])
      .where('enrollments.student_id', 'in', studentIds)
      .execute()
    return { studentIds, courses }
  })
}

/** `seesAll`: the permission of those who write for the college, and so see all of it. */
export async function audienceOf(
  db: Kysely<Database>,
  user: AuthUser,
  seesAll: Permission,
): Promise<Audience> {
  const collegeId = user.college_id!
  const all = user.permissions.includes(seesAll)
  const admin = user.role_key === 'admin' || user.permissions.includes('college.manage')
  if (all) return { userId: user.id, collegeId, all, admin, gradeIds: [], courseIds: [], userIds: [user.id] }
  const { studentIds, courses } = await familyOf(db, collegeId, user.id)
  return {
    userId: user.id,
    collegeId,
    all,
    admin,
    gradeIds: [...new Set(courses.map((c) => c.grade_id))],
    courseIds: [...new Set(courses.map((c) => c.id))],
    userIds: studentIds,
  }
}

/**
 * Target rows (columns `grade_id`, `course_id` of `table`) that reach this audience: the whole
 * college, one of its grades (every course), or one of its courses. With `people`, the table also
 * has `user_id`: a row naming a person reaches that person and their guardians, and only them.
 */
export function reaches(
  eb: ExpressionBuilder<any, any>,
  audience: Audience,
  table: string,
  people = false,
): Expression<SqlBool> {
  const grade = `${table}.grade_id`
  const course = `${table}.course_id`
  const user = `${table}.user_id`
  return eb.or([
    eb.and([eb(grade, 'is', null), eb(course, 'is', null), ...(people ? [eb(user, 'is', null)] : [])]),
    ...(people ? [eb(user, 'in', audience.userIds)] : []),
    ...(audience.gradeIds.length
      ? [eb.and([eb(course, 'is', null), eb(grade, 'in', audience.gradeIds)])]
      : []),
    ...(audience.courseIds.length ? [eb(course, 'in', audience.courseIds)] : []),
  ])
}
