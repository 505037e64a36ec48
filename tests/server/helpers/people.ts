// More people than the demo has, and what each may see, worked out from the database on its own
// (the oracle the visibility and isolation tests compare the server with).
import type { Post } from '#shared/posts.schema.ts'
import { collegeIdOf } from './http.ts'
import type { TestApp } from './test-app.ts'

/**
 * Adds a user to a college with the role of an existing user (and so the same permissions and the
 * demo password), for example a second teacher.
 */
export async function addUserLike(
  t: TestApp,
  like: string,
  email: string,
  name: string,
  slug: 'demo' | 'beta' = 'demo',
): Promise<number> {
  const collegeId = await collegeIdOf(t.db, slug)
  const model = await t.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', like)
    .where('college_id', '=', collegeId)
    .executeTakeFirstOrThrow()
  const { id: _id, ...copy } = model
  const row = await t.db
    .insertInto('users')
    .values({ ...copy, email, name, sync_epoch: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Enrols a student in a course, or links a guardian to a student, straight in the database. */
export async function enrol(t: TestApp, studentId: number, courseId: number): Promise<void> {
  const { college_id } = await t.db
    .selectFrom('courses')
    .select('college_id')
    .where('id', '=', courseId)
    .executeTakeFirstOrThrow()
  await t.db
    .insertInto('enrollments')
    .values({ college_id, student_id: studentId, course_id: courseId })
    .execute()
}

export async function linkGuardian(t: TestApp, guardianId: number, studentId: number): Promise<void> {
  const { college_id } = await t.db
    .selectFrom('users')
    .select('college_id')
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow()
  await t.db
    .insertInto('guardianships')
    .values({ college_id: college_id!, guardian_id: guardianId, student_id: studentId })
    .execute()
}

export type Viewer = {
  id: number
  email: string
  collegeId: number
  /** Sees every post of the college (may publish). */
  all: boolean
  /** Sees others' scheduled posts before their date. */
  admin: boolean
  gradeIds: number[]
  courseIds: number[]
}

/** Who a user is and which grades and courses their family is in, read from the tables. */
export async function viewerOf(t: TestApp, userId: number): Promise<Viewer> {
  const user = await t.db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.email', 'users.college_id', 'users.role_id', 'roles.key'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow()
  const permissions = (
    await t.db
      .selectFrom('role_permissions')
      .select('permission')
      .where('role_id', '=', user.role_id)
      .execute()
  ).map((p) => p.permission)
  const students =
    user.key === 'guardian'
      ? (
          await t.db
            .selectFrom('guardianships')
            .select('student_id')
            .where('guardian_id', '=', user.id)
            .execute()
        ).map((g) => g.student_id)
      : [user.id]
  const courses = students.length
    ? await t.db
        .selectFrom('enrollments')
        .innerJoin('courses', 'courses.id', 'enrollments.course_id')
        .select(['courses.id', 'courses.grade_id'])
        .where('enrollments.student_id', 'in', students)
        .execute()
    : []
  return {
    id: user.id,
    email: user.email,
    collegeId: user.college_id!,
    all: permissions.includes('posts.publish'),
    admin: user.key === 'admin' || permissions.includes('college.manage'),
    gradeIds: courses.map((c) => c.grade_id),
    courseIds: courses.map((c) => c.id),
  }
}

/** The rules of who sees a (published, not deleted) post, from its targets as the API shows them. */
export function mayRead(viewer: Viewer, post: Pick<Post, 'grades' | 'courses'>): boolean {
  if (viewer.all) return true
  if (post.grades.includes('all') && post.courses.includes('all')) return true
  if (post.courses.includes('all')) return post.grades.some((g) => g !== 'all' && viewer.gradeIds.includes(g))
  return post.courses.some((c) => c !== 'all' && viewer.courseIds.includes(c))
}

/**
 * The ids of the posts this viewer may see now, worked out from the tables: not deleted; published, or
 * theirs, or they are an admin; and for the whole college, one of their grades (every course) or courses.
 */
export async function visiblePostIds(t: TestApp, viewer: Viewer): Promise<Set<string>> {
  const now = new Date().toISOString()
  const posts = await t.db
    .selectFrom('posts')
    .select(['id', 'author_id', 'publish_at', 'deleted_at'])
    .where('college_id', '=', viewer.collegeId)
    .execute()
  const targets = await t.db
    .selectFrom('post_targets')
    .select(['post_id', 'grade_id', 'course_id'])
    .where('college_id', '=', viewer.collegeId)
    .execute()
  const visible = new Set<string>()
  for (const post of posts) {
    if (post.deleted_at) continue
    if (post.publish_at > now && post.author_id !== viewer.id && !viewer.admin) continue
    const own = targets.filter((target) => target.post_id === post.id)
    const forViewer =
      viewer.all ||
      own.some(
        (target) =>
          (target.grade_id === null && target.course_id === null) ||
          (target.course_id === null && viewer.gradeIds.includes(target.grade_id!)) ||
          (target.course_id !== null && viewer.courseIds.includes(target.course_id)),
      )
    if (forViewer) visible.add(post.id)
  }
  return visible
}
