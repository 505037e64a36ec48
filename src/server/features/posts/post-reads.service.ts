// Read receipts: a read made offline counts with the time it was read, not the time it synced.
import type { Kysely } from 'kysely'
import type { ReadReport } from '#shared/posts.schema.ts'
import type { Database } from '../../db/schema.ts'
import { takeVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export async function recordPostRead(
  db: Kysely<Database>,
  collegeId: number,
  userId: number,
  postId: string,
  readAt: string,
): Promise<string> {
  const scope = tenantScope(db, collegeId)
  const existing = await scope
    .selectFrom('post_reads')
    .select(['read_at'])
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  // The first read wins; a later device reporting the same read changes nothing.
  if (existing && existing.read_at <= readAt) return existing.read_at
  try {
    await writeRead(db, collegeId, userId, postId, readAt, existing !== undefined)
  } catch (error) {
    // Two devices reported the first read at once and the other one was stored first: compare again.
    if (
      !existing &&
      (await scope
        .selectFrom('post_reads')
        .select('id')
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .executeTakeFirst())
    )
      return recordPostRead(db, collegeId, userId, postId, readAt)
    throw error
  }
  return readAt
}

async function writeRead(
  db: Kysely<Database>,
  collegeId: number,
  userId: number,
  postId: string,
  readAt: string,
  existing: boolean,
) {
  await db.transaction().execute(async (trx) => {
    const version = await takeVersion(trx, collegeId)
    const t = tenantScope(trx, collegeId)
    if (existing) {
      await t
        .updateTable('post_reads')
        .set({ read_at: readAt, version })
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .where('read_at', '>', readAt)
        .execute()
    } else {
      await t
        .insertInto('post_reads', { post_id: postId, user_id: userId, read_at: readAt, version })
        .execute()
    }
  })
}

/** The families a post is for: students it targets and their guardians. */
async function targetedFamilies(db: Kysely<Database>, collegeId: number, postId: string): Promise<number[]> {
  const scope = tenantScope(db, collegeId)
  const targets = await scope
    .selectFrom('post_targets')
    .select(['grade_id', 'course_id'])
    .where('post_id', '=', postId)
    .execute()
  if (targets.length === 0) return []
  const wholeCollege = targets.some((t) => t.grade_id === null && t.course_id === null)
  let students: number[]
  if (wholeCollege) {
    students = (
      await scope
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select('users.id')
        .where('roles.key', '=', 'student')
        .execute()
    ).map((r) => r.id)
  } else {
    const courseIds = targets.map((t) => t.course_id).filter((id): id is number => id !== null)
    const gradeIds = targets.filter((t) => t.course_id === null).map((t) => t.grade_id!)
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
  const guardians = students.length
    ? (
        await scope
          .selectFrom('guardianships')
          .select('guardian_id')
          .where('student_id', 'in', students)
          .execute()
      ).map((r) => r.guardian_id)
    : []
  const everyone = new Set([...students, ...guardians])
  if (wholeCollege) {
    const allGuardians = await scope
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select('users.id')
      .where('roles.key', '=', 'guardian')
      .execute()
    for (const g of allGuardians) everyone.add(g.id)
  }
  return [...everyone]
}

export async function readReport(
  db: Kysely<Database>,
  collegeId: number,
  postId: string,
): Promise<ReadReport> {
  const audience = await targetedFamilies(db, collegeId, postId)
  if (audience.length === 0) return { read: 0, total: 0, unread: [] }
  const scope = tenantScope(db, collegeId)
  const reads = await scope
    .selectFrom('post_reads')
    .select('user_id')
    .where('post_id', '=', postId)
    .where('user_id', 'in', audience)
    .execute()
  const readIds = new Set(reads.map((r) => r.user_id))
  const unreadIds = audience.filter((id) => !readIds.has(id))
  const unread = unreadIds.length
    ? await scope
        .selectFrom('users')
        .select(['id', 'name', 'first_lastname'])
        .where('id', 'in', unreadIds)
        .orderBy('name')
        .execute()
    : []
  return {
    read: readIds.size,
    total: audience.length,
    unread: unread.map((u) => ({ id: u.id, name: `${u.name} ${u.first_lastname}`.trim() })),
  }
}
