// Turns the editor's grade and course choices into stored targets, checking each still exists.
import { messages } from '#shared/i18n/messages.ts'
import { ALL, type PostOutput } from '#shared/posts.schema.ts'
import { validationError } from '../../platform/errors.ts'
import type { TenantScope } from '../../platform/tenant-scope.ts'

export type TargetRow = { grade_id: number | null; course_id: number | null }

export async function resolveTargets(
  scope: TenantScope,
  input: Pick<PostOutput, 'grades' | 'courses'>,
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
