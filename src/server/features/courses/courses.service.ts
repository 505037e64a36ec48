// Grades, courses and enrolments: who is in which course decides who sees what.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { bumpSyncEpoch, recordTombstone, takeVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export async function createCourse(db: Kysely<Database>, collegeId: number, gradeId: number, name: string) {
  return db.transaction().execute(async (trx) => {
    const version = await takeVersion(trx, collegeId)
    return tenantScope(trx, collegeId)
      .insertInto('courses', { grade_id: gradeId, name, version })
      .returning(['id', 'grade_id', 'name'])
      .executeTakeFirstOrThrow()
  })
}

/** Students of these courses and their guardians: the people whose view changes with the courses. */
async function familiesOfCourses(
  db: Kysely<Database>,
  collegeId: number,
  courseIds: number[],
): Promise<number[]> {
  if (courseIds.length === 0) return []
  const scope = tenantScope(db, collegeId)
  const students = (
    await scope.selectFrom('enrollments').select('student_id').where('course_id', 'in', courseIds).execute()
  ).map((r) => r.student_id)
  return withGuardians(db, collegeId, students)
}

async function withGuardians(db: Kysely<Database>, collegeId: number, students: number[]): Promise<number[]> {
  if (students.length === 0) return []
  const guardians = await tenantScope(db, collegeId)
    .selectFrom('guardianships')
    .select('guardian_id')
    .where('student_id', 'in', students)
    .execute()
  return [...new Set([...students, ...guardians.map((g) => g.guardian_id)])]
}

export async function deleteCourse(
  db: Kysely<Database>,
  collegeId: number,
  courseId: number,
): Promise<boolean> {
  const scope = tenantScope(db, collegeId)
  const course = await scope.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst()
  if (!course) return false
  const affected = await familiesOfCourses(db, collegeId, [courseId])
  await db.transaction().execute(async (trx) => {
    await tenantScope(trx, collegeId).deleteFrom('courses').where('id', '=', courseId).execute()
    await recordTombstone(trx, collegeId, 'courses', courseId)
    await bumpSyncEpoch(trx, affected)
  })
  return true
}

/** Moves a student to these courses; the student and their guardians resync from zero. */
export async function setStudentCourses(
  db: Kysely<Database>,
  collegeId: number,
  studentId: number,
  courseIds: number[],
) {
  const affected = await withGuardians(db, collegeId, [studentId])
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, collegeId)
    await scope.deleteFrom('enrollments').where('student_id', '=', studentId).execute()
    if (courseIds.length) {
      await scope
        .insertInto(
          'enrollments',
          courseIds.map((course_id) => ({ student_id: studentId, course_id })),
        )
        .execute()
    }
    await bumpSyncEpoch(trx, affected)
  })
}

export async function setStaffCourses(
  db: Kysely<Database>,
  collegeId: number,
  userId: number,
  courseIds: number[],
) {
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, collegeId)
    await scope.deleteFrom('course_staff').where('user_id', '=', userId).execute()
    if (courseIds.length)
      await scope
        .insertInto(
          'course_staff',
          courseIds.map((course_id) => ({ user_id: userId, course_id })),
        )
        .execute()
  })
}
