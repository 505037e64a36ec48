// Whom a fee concerns: a fee of a grade applies to every student enrolled in one of its courses, a
// fee of no grade to every enrolled student. A family is the person and the students they are
// guardian of; what they owe is the fee's amount less the student's adjustment.
import type { Kysely } from 'kysely'
import type { FeeAdjustment } from '#shared/payments.schema.ts'
import type { Database } from '../../db/schema.ts'
import { familyOf } from '../../platform/audience.ts'
import { compiledPerShape } from '../../platform/compiled-once.ts'
import type { AuthUser } from '../../platform/context.ts'
import { foldedOrder } from '../../platform/keyset.ts'
import { personName } from '../../platform/person-name.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export type FamilyStudent = { id: number; name: string; gradeIds: number[] }

/** The enrollments of these students, with their names and grades (every sync page of a family asks). */
const enrolledStudents = compiledPerShape(
  (db, collegeId: number, studentIds: readonly number[]) =>
    tenantScope(db, collegeId)
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .innerJoin('users', 'users.id', 'enrollments.student_id')
      .select(['users.id', 'users.name', 'users.first_lastname', 'courses.grade_id'])
      .where('enrollments.student_id', 'in', studentIds)
      .orderBy(foldedOrder('users.name')),
  ([, studentIds]) => String(studentIds.length),
  ([, studentIds]): [number, number[]] => [-7_801, studentIds.map((_, i) => -1_000_000 - i)],
)

export async function familyStudents(db: Kysely<Database>, user: AuthUser): Promise<FamilyStudent[]> {
  const { studentIds } = await familyOf(db, user.college_id!, user.id)
  const rows = await enrolledStudents(db, user.college_id!, studentIds)
  const students = new Map<number, FamilyStudent>()
  for (const row of rows) {
    const student = students.get(row.id) ?? { id: row.id, name: personName(row), gradeIds: [] }
    if (!student.gradeIds.includes(row.grade_id)) student.gradeIds.push(row.grade_id)
    students.set(row.id, student)
  }
  return [...students.values()]
}

export function appliesTo(fee: { grade_id: number | null }, student: { gradeIds: number[] }): boolean {
  return fee.grade_id === null || student.gradeIds.includes(fee.grade_id)
}

export function dueAfter(amount: number, adjustment: FeeAdjustment | null | undefined): number {
  if (!adjustment) return amount
  return adjustment.kind === 'exemption' ? 0 : Math.max(0, amount - adjustment.discount)
}

/** Is this student one a fee of this grade applies to (enrolled in the grade, or at all)? */
export async function studentInFee(
  db: Kysely<Database>,
  collegeId: number,
  gradeId: number | null,
  studentId: number,
): Promise<boolean> {
  let query = tenantScope(db, collegeId)
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select('enrollments.student_id')
    .where('enrollments.student_id', '=', studentId)
  if (gradeId !== null) query = query.where('courses.grade_id', '=', gradeId)
  return (await query.executeTakeFirst()) !== undefined
}

/** Whether the person may act for this student: the student or one of their guardians. */
export async function isFamilyOf(db: Kysely<Database>, user: AuthUser, studentId: number): Promise<boolean> {
  if (user.id === studentId) return true
  const row = await tenantScope(db, user.college_id!)
    .selectFrom('guardianships')
    .select('student_id')
    .where('guardian_id', '=', user.id)
    .where('student_id', '=', studentId)
    .executeTakeFirst()
  return row !== undefined
}
