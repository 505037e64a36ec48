// Turns a form's grade and course choices into stored targets (posts, events), checking each exists.

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
  if (gradeIds.length) {
    const found = await scope.selectFrom('grades').select('id').where('id', 'in', gradeIds).execute()
    if (found.length !== gradeIds.length) throw validationError({ grades: [messages.gradeUnknown] })
  }
  if (allCourses) return gradeIds.map((grade_id) => ({ grade_id, course_id: null }))
  const courseIds = input.courses.filter((c): c is number => c !== ALL)
  const courses = await scope
    .selectFrom('courses')
    .select(['id', 'grade_id'])
    .where('id', 'in', courseIds)
    .execute()
  const outsideGrades = !allGrades && courses.some((c) => !gradeIds.includes(c.grade_id))
  if (courses.length !== courseIds.length || outsideGrades)
    throw validationError({ courses: [messages.courseUnknown] })
  return courses.map((c) => ({ grade_id: c.grade_id, course_id: c.id }))
}

/** Stored target rows as the API's lists: ['all'] or ids. */
export function targetLists(targets: { grade_id: number | null; course_id: number | null }[]): {
  grades: Target[]
  courses: Target[]
} {
  if (targets.length === 0) return { grades: [], courses: [] }
  if (targets.some((t) => t.grade_id === null && t.course_id === null))
    return { grades: [ALL], courses: [ALL] }
  const grades = [...new Set(targets.map((t) => t.grade_id).filter((id): id is number => id !== null))]
  if (targets.every((t) => t.course_id === null)) return { grades, courses: [ALL] }
  return {
    grades,
    courses: [...new Set(targets.map((t) => t.course_id).filter((id): id is number => id !== null))],
  }
}

export function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const list = groups.get(key(item))
    if (list) list.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}

/** The same audience, whatever the order of the rows (named people included, where there are any). */
export function sameTargets<T extends TargetRow & { user_id?: number | null }>(a: T[], b: T[]): boolean {
  const key = (t: T) => `${t.grade_id ?? '-'}:${t.course_id ?? '-'}:${t.user_id ?? '-'}`
  const left = new Set(a.map(key))
  return left.size === new Set(b.map(key)).size && b.every((t) => left.has(key(t)))
}
