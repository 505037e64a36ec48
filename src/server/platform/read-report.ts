// "Read by N of M": the families something published reaches, and which of them have read it.
import type { ReadReport } from '#shared/audience.schema.ts'
import { foldedOrder } from './keyset.ts'
import { personName } from './person-name.ts'
import type { TenantScope } from './tenant-scope.ts'

type Target = { grade_id: number | null; course_id: number | null; user_id?: number | null }

/**
 * The students and guardians these targets reach: the whole college's, those of grades and courses,
 * and people named (a named student brings their guardians).
 */
async function familiesOf(scope: TenantScope, targets: Target[]): Promise<number[]> {
  if (targets.length === 0) return []
  const wholeCollege = targets.some((t) => t.grade_id === null && t.course_id === null && !t.user_id)
  const named = targets.map((t) => t.user_id).filter((id): id is number => Boolean(id))
  const everyone = new Set<number>(named)
  let students: number[] = []
  if (wholeCollege) {
    const families = await scope
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select('users.id')
      .where('roles.key', 'in', ['student', 'guardian'])
      .execute()
    for (const f of families) everyone.add(f.id)
  } else {
    const courseIds = targets.map((t) => t.course_id).filter((id): id is number => id !== null)
    const gradeIds = targets
      .filter((t) => t.course_id === null && t.grade_id !== null)
      .map((t) => t.grade_id!)
    if (courseIds.length || gradeIds.length) {
      const rows = await scope
        .selectFrom('enrollments')
        .innerJoin('courses', 'courses.id', 'enrollments.course_id')
        .select('enrollments.student_id')
        .where((eb) =>
          eb.or([
            ...(courseIds.length ? [eb('enrollments.course_id', 'in', courseIds)] : []),
            ...(gradeIds.length ? [eb('courses.grade_id', 'in', gradeIds)] : []),
          ]),
        )
        .execute()
      students = rows.map((r) => r.student_id)
    }
  }
  const withGuardians = [...students, ...named]
  if (withGuardians.length) {
    const guardians = await scope
      .selectFrom('guardianships')
      .select('guardian_id')
      .where('student_id', 'in', withGuardians)
      .execute()
    for (const g of guardians) everyone.add(g.guardian_id)
  }
  for (const s of students) everyone.add(s)
  return [...everyone]
}

/** The report for what these targets reach, given how to find which of them have read it. */
export async function readReportOf(
  scope: TenantScope,
  targets: Target[],
  readersAmong: (audience: number[]) => Promise<{ user_id: number }[]>,
): Promise<ReadReport> {
  const audience = await familiesOf(scope, targets)
  return reportOf(scope, audience, audience.length ? await readersAmong(audience) : [])
}

/** The report for an audience, given those of it who have read. */
async function reportOf(
  scope: TenantScope,
  audience: number[],
  readers: { user_id: number }[],
): Promise<ReadReport> {
  if (audience.length === 0) return { read: 0, total: 0, unread: [] }
  const readIds = new Set(readers.map((r) => r.user_id))
  const unreadIds = audience.filter((id) => !readIds.has(id))
  const unread = unreadIds.length
    ? await scope
        .selectFrom('users')
        .select(['id', 'name', 'first_lastname'])
        .where('id', 'in', unreadIds)
        .orderBy(foldedOrder('name'))
        .execute()
    : []
  return {
    read: readIds.size,
    total: audience.length,
    unread: unread.map((u) => ({ id: u.id, name: personName(u) })),
  }
}
