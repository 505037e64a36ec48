// Turns a form's grade and course choices into stored targets (posts, events), checking each exists.

import { sql } from 'kysely'
import { ALL, type Target } from '#shared/audience.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { validationError } from './errors.ts'
import type { TenantScope } from './tenant-scope.ts'

export type TargetRow = { grade_id: number | null; course_id: number | null }

export async function resolveTargets(
  scope: TenantScope,
  input: { grades: Target[]; courses: Target[] },
): Promise<TargetRow[]> {
  const allGrades = input.grades.includes(ALL)
  const allCourses = input.courses.includes(ALL)
  if (allGrades && allCourses) return [{ grade_id: null, course_id: null }]
  const gradeIds = input.grades.filter((g): g is number => g !== ALL)
  const courseIds = allCourses ? [] : input.courses.filter((c): c is number => c !== ALL)
  const { grades, courses } = await lookUp(scope, gradeIds, courseIds)
  if (grades.length !== gradeIds.length) throw validationError({ grades: [messages.gradeUnknown] })
  if (allCourses) return gradeIds.map((grade_id) => ({ grade_id, course_id: null }))
  const outsideGrades = !allGrades && courses.some((c) => !gradeIds.includes(c.grade_id))
  if (courses.length !== courseIds.length || outsideGrades)
    throw validationError({ courses: [messages.courseUnknown] })
  return courses.map((c) => ({ grade_id: c.grade_id, course_id: c.id }))
}

/**
 * The college's grades and courses among these ids, in one statement when both are asked: a post for
 * a course names its grade too, and each lookup was a round trip of its own on every write.
 */
async function lookUp(
  scope: TenantScope,
  gradeIds: number[],
  courseIds: number[],
): Promise<{ grades: number[]; courses: { id: number; grade_id: number }[] }> {
  const grades = scope
    .selectFrom('grades')
    .select(['id', sql<number>`0`.as('grade_id'), sql<string>`'grade'`.as('kind')])
    .where('id', 'in', gradeIds)
  const courses = scope
    .selectFrom('courses')
    .select(['id', 'grade_id', sql<string>`'course'`.as('kind')])
    .where('id', 'in', courseIds)
  const query =
    gradeIds.length && courseIds.length
      ? grades.unionAll(courses)
      : gradeIds.length
        ? grades
        : courseIds.length
          ? courses
          : undefined
  const rows = query ? await query.execute() : []
  return {
    grades: rows.filter((row) => row.kind === 'grade').map((row) => row.id),
    courses: rows.filter((row) => row.kind === 'course').map(({ id, grade_id }) => ({ id, grade_id })),
  }
}

/** Stored target rows as the API's lists: ['all'] or ids. */
export function targetLists(targets: { grade_id: number | null; course_id: number | null }[]): {
  grades: Target[]
  courses: Target[]
} {
  // One pass, no intermediate lists: a first sync page makes this for each of its ~450 events.
  const grades: Target[] = []
  let courses: Target[] | undefined
  for (const t of targets) {
    if (t.grade_id === null && t.course_id === null) return { grades: [ALL], courses: [ALL] }
    if (t.grade_id !== null && !grades.includes(t.grade_id)) grades.push(t.grade_id)
    if (t.course_id !== null) {
      courses ??= []
      if (!courses.includes(t.course_id)) courses.push(t.course_id)
    }
  }
  return { grades, courses: targets.length === 0 ? [] : (courses ?? [ALL]) }
}

export function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = groups.get(k)
    if (list) list.push(item)
    else groups.set(k, [item])
  }
  return groups
}

/** The same audience, whatever the order of the rows (named people included, where there are any). */
export function sameTargets<T extends TargetRow & { user_id?: number | null }>(a: T[], b: T[]): boolean {
  const key = (t: T) => `${t.grade_id ?? '-'}:${t.course_id ?? '-'}:${t.user_id ?? '-'}`
  const left = new Set(a.map(key))
  return left.size === new Set(b.map(key)).size && b.every((t) => left.has(key(t)))
}
