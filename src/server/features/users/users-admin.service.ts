// Changing the college's people as administrators do. Every change is written with its audit row
// in the same transaction.
import type { Kysely } from 'kysely'
import type { ProfileOutput } from '#shared/users.schema.ts'
import type { Database } from '../../db/schema.ts'
import { type Actor, audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import { unusablePassword } from '../../platform/passwords.ts'
import { bumpSyncEpoch } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export async function roleOf(db: Kysely<Database>, collegeId: number, roleId: number) {
  return tenantScope(db, collegeId)
    .selectFrom('roles')
    .select(['id', 'key', 'name'])
    .where('id', '=', roleId)
    .executeTakeFirst()
}

/** The ids among these that are students of the college. */
export async function studentsAmong(db: Kysely<Database>, collegeId: number, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await tenantScope(db, collegeId)
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select('users.id')
    .where('users.id', 'in', ids)
    .where('roles.key', '=', 'student')
    .execute()
  return rows.map((r) => r.id)
}

/** A person and their guardians: whose mirror changes when the person's course or role does. */
export async function withGuardians(db: Kysely<Database>, collegeId: number, userId: number) {
  const guardians = await tenantScope(db, collegeId)
    .selectFrom('guardianships')
    .select('guardian_id')
    .where('student_id', '=', userId)
    .execute()
  return [userId, ...guardians.map((g) => g.guardian_id)]
}

export async function setEnrollment(
  trx: Kysely<Database>,
  collegeId: number,
  studentId: number,
  courseId: number | null,
) {
  const scope = tenantScope(trx, collegeId)
  await scope.deleteFrom('enrollments').where('student_id', '=', studentId).execute()
  if (courseId)
    await scope.insertInto('enrollments', { student_id: studentId, course_id: courseId }).execute()
}

/** Deactivates or reactivates people: a deactivated person is signed out everywhere at once. */
export async function setActive(
  db: Kysely<Database>,
  actor: Actor,
  ids: number[],
  active: boolean,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const now = nowIso()
    const changed = await scope
      .updateTable('users')
      .set({ deactivated_at: active ? null : now, updated_at: now })
      .where('id', 'in', ids)
      .where('deactivated_at', active ? 'is not' : 'is', null)
      .returning('id')
      .execute()
    const changedIds = changed.map((r) => r.id)
    if (!active && changedIds.length) {
      await scope.deleteFrom('access_tokens').where('user_id', 'in', changedIds).execute()
      await scope.deleteFrom('password_resets').where('user_id', 'in', changedIds).execute()
    }
    for (const id of changedIds) {
      await audit(trx, {
        collegeId: actor.collegeId,
        actorId: actor.id,
        action: active ? 'user.reactivated' : 'user.deactivated',
        subjectType: 'user',
        subjectId: id,
        ip: actor.ip,
      })
    }
    return changedIds.length
  })
}

/** Gives people another role; their mirrors start over (what they may see can change with it). */
export async function setRole(db: Kysely<Database>, actor: Actor, ids: number[], roleId: number) {
  return db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const changed = await scope
      .updateTable('users')
      .set({ role_id: roleId, updated_at: nowIso() })
      .where('id', 'in', ids)
      .where('role_id', '!=', roleId)
      .returning('id')
      .execute()
    const changedIds = changed.map((r) => r.id)
    if (changedIds.length) await bumpSyncEpoch(trx, changedIds)
    for (const id of changedIds) {
      await audit(trx, {
        collegeId: actor.collegeId,
        actorId: actor.id,
        action: 'user.role_changed',
        subjectType: 'user',
        subjectId: id,
        details: { role_id: roleId },
        ip: actor.ip,
      })
    }
    return changedIds.length
  })
}

export async function linkStudent(db: Kysely<Database>, actor: Actor, guardianId: number, studentId: number) {
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const existing = await scope
      .selectFrom('guardianships')
      .select('id')
      .where('guardian_id', '=', guardianId)
      .where('student_id', '=', studentId)
      .executeTakeFirst()
    if (existing) return
    await scope.insertInto('guardianships', { guardian_id: guardianId, student_id: studentId }).execute()
    await bumpSyncEpoch(trx, [guardianId])
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'user.student_linked',
      subjectType: 'user',
      subjectId: guardianId,
      details: { student_id: studentId },
      ip: actor.ip,
    })
  })
}

export async function unlinkStudent(
  db: Kysely<Database>,
  actor: Actor,
  guardianId: number,
  studentId: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await tenantScope(trx, actor.collegeId)
      .deleteFrom('guardianships')
      .where('guardian_id', '=', guardianId)
      .where('student_id', '=', studentId)
      .executeTakeFirst()
    if (Number(removed.numDeletedRows) === 0) return false
    await bumpSyncEpoch(trx, [guardianId])
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'user.student_unlinked',
      subjectType: 'user',
      subjectId: guardianId,
      details: { student_id: studentId },
      ip: actor.ip,
    })
    return true
  })
}

/** Only the columns a form may set (an input object may carry more keys). */
function profileOf(input: ProfileOutput): ProfileOutput {
  const { name, first_lastname, second_lastname, email, rut, phone, birthdate } = input
  return { name, first_lastname, second_lastname, email, rut, phone, birthdate }
}

type NewUser = ProfileOutput & { role_id: number; course_id: number | null; student_ids: number[] }

/** Creates a person with no password yet (they choose it from their welcome mail). */
export async function createUser(
  db: Kysely<Database>,
  actor: Actor,
  input: NewUser,
  roleKey: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const now = nowIso()
    const { course_id, student_ids } = input
    const row = await scope
      .insertInto('users', {
        ...profileOf(input),
        role_id: input.role_id,
        avatar: null,
        password_hash: unusablePassword(),
        locale: null,
        created_at: now,
        updated_at: now,
        deactivated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (roleKey === 'student' && course_id) await setEnrollment(trx, actor.collegeId, row.id, course_id)
    if (roleKey === 'guardian' && student_ids.length) {
      await scope
        .insertInto(
          'guardianships',
          student_ids.map((student_id) => ({ guardian_id: row.id, student_id })),
        )
        .execute()
    }
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'user.created',
      subjectType: 'user',
      subjectId: row.id,
      details: { role_id: input.role_id, email: input.email },
      ip: actor.ip,
    })
    return row.id
  })
}

type UserChanges = ProfileOutput & { role_id: number; course_id: number | null }

/**
 * Saves an administrator's edit. The person's mirror (and their guardians') starts over when their
 * role or course changed, since what they may see changes with it.
 */
export async function updateUser(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  input: UserChanges,
  roleKey: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const before = await scope.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    const { course_id } = input
    const fields = { ...profileOf(input), role_id: input.role_id }
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => fields[k] !== before[k])
    const current = await scope
      .selectFrom('enrollments')
      .select('course_id')
      .where('student_id', '=', id)
      .execute()
    const wanted = roleKey === 'student' && course_id ? [course_id] : []
    const coursesChanged =
      (roleKey === 'student' || current.length > 0) &&
      (current.length !== wanted.length || current.some((c) => !wanted.includes(c.course_id)))
    if (changed.length)
      await scope
        .updateTable('users')
        .set({ ...fields, updated_at: nowIso() })
        .where('id', '=', id)
        .execute()
    if (coursesChanged) await setEnrollment(trx, actor.collegeId, id, wanted[0] ?? null)
    if (changed.includes('role_id') || coursesChanged) {
      await bumpSyncEpoch(trx, await withGuardians(trx, actor.collegeId, id))
    }
    if (changed.length || coursesChanged) {
      await audit(trx, {
        collegeId: actor.collegeId,
        actorId: actor.id,
        action: 'user.updated',
        subjectType: 'user',
        subjectId: id,
        details: { fields: coursesChanged ? [...changed, 'course_id'] : changed },
        ip: actor.ip,
      })
    }
  })
}
