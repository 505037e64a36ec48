// Who may write to whom. The school's side (any role but guardian and student) writes to anyone in
// the college, one by one or to the families of courses and grades. Families write only to the
// school: to the staff who teach their children's courses (a student: their own courses) and to the
// administration, one person at a time, never to other families. Company users take no part.
import type { Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import {
  type ConversationOutput,
  isFamilyRole,
  type MessengerContact,
  OUTSIDE_ROLES,
} from '#shared/messenger.schema.ts'
import type { Database } from '../../db/schema.ts'
import type { AuthUser } from '../../platform/context.ts'
import { validationError } from '../../platform/errors.ts'
import { containsText, foldedOrder } from '../../platform/keyset.ts'
import { personName } from '../../platform/person-name.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

/** The courses a family member's conversations may concern: their children's, or their own. */
function familyCourses(db: Kysely<Database>, user: AuthUser) {
  const scope = tenantScope(db, user.college_id!)
  if (user.role_key === 'student')
    return scope.selectFrom('enrollments').select('enrollments.course_id').where('student_id', '=', user.id)
  return scope
    .selectFrom('enrollments')
    .innerJoin('guardianships', 'guardianships.student_id', 'enrollments.student_id')
    .select('enrollments.course_id')
    .where('guardianships.guardian_id', '=', user.id)
}

/** Active people of the college, with their role, whom this user may start a conversation with. */
function reachable(db: Kysely<Database>, user: AuthUser) {
  const scope = tenantScope(db, user.college_id!)
  const people = scope
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .where('users.deactivated_at', 'is', null)
    .where('users.id', '!=', user.id)
    .where('roles.key', 'not in', OUTSIDE_ROLES)
  if (!isFamilyRole(user.role_key)) return people
  const teachers = scope
    .selectFrom('course_staff')
    .select('course_staff.user_id')
    .where('course_staff.course_id', 'in', familyCourses(db, user))
  return people
    .where('roles.key', 'not in', ['guardian', 'student'])
    .where((eb) => eb.or([eb('roles.key', '=', 'admin'), eb('users.id', 'in', teachers)]))
}

/** People to write to, found by name or email (families see only the school's side they may reach). */
export async function findContacts(
  db: Kysely<Database>,
  user: AuthUser,
  q: string,
): Promise<MessengerContact[]> {
  let query = reachable(db, user)
    .select(['users.id', 'users.name', 'users.first_lastname', 'roles.key as role_key'])
    .orderBy(foldedOrder('users.name'))
    .orderBy('users.id')
    .limit(30)
  if (q) query = query.where(containsText(['users.name', 'users.first_lastname', 'users.email'], q))
  const rows = await query.execute()
  const ids = rows.map((r) => r.id)
  const courses = ids.length
    ? await tenantScope(db, user.college_id!)
        .selectFrom('course_staff')
        .innerJoin('courses', 'courses.id', 'course_staff.course_id')
        .select(['course_staff.user_id as id', 'courses.name'])
        .where('course_staff.user_id', 'in', ids)
        .orderBy(foldedOrder('courses.name'))
        .execute()
    : []
  return rows.map((r) => ({
    id: r.id,
    name: personName(r),
    role_key: r.role_key,
    courses: courses.filter((c) => c.id === r.id).map((c) => c.name),
  }))
}

export type NewMember = { user_id: number; role: 'staff' | 'member' }

const roleIn = (roleKey: string): NewMember['role'] => (isFamilyRole(roleKey) ? 'member' : 'staff')

/**
 * The people a new conversation is for, checked against the rules: 422 on the field when one may
 * not be written to, or when nobody would receive it.
 */
export async function resolveMembers(
  db: Kysely<Database>,
  user: AuthUser,
  input: Pick<ConversationOutput, 'scope' | 'users' | 'courses' | 'grades'>,
): Promise<NewMember[]> {
  const family = isFamilyRole(user.role_key)
  if (family && (input.scope !== 'users' || input.users.length !== 1))
    throw validationError({ users: [messages.messageOnePerson] })
  const scope = tenantScope(db, user.college_id!)
  if (input.scope === 'users') {
    const found = await reachable(db, user)
      .select(['users.id', 'roles.key as role_key'])
      .where('users.id', 'in', input.users)
      .execute()
    if (found.length !== input.users.length)
      throw validationError({
        users: [family ? messages.messageRecipientNotAllowed : messages.notificationPersonUnknown],
      })
    return found.map((r) => ({ user_id: r.id, role: roleIn(r.role_key) }))
  }
  const chosen = input.scope === 'courses' ? input.courses : input.grades
  const known = await scope
    .selectFrom(input.scope)
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('id', 'in', chosen)
    .executeTakeFirstOrThrow()
  if (Number(known.n) !== chosen.length)
    throw validationError({
      [input.scope]: [input.scope === 'courses' ? messages.courseUnknown : messages.gradeUnknown],
    })
  const students = scope
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select('enrollments.student_id')
    .where(input.scope === 'grades' ? 'courses.grade_id' : 'courses.id', 'in', chosen)
  const guardians = await scope
    .selectFrom('guardianships')
    .innerJoin('users', 'users.id', 'guardianships.guardian_id')
    .select('guardianships.guardian_id')
    .distinct()
    .where('guardianships.student_id', 'in', students)
    .where('users.deactivated_at', 'is', null)
    .where('users.id', '!=', user.id)
    .execute()
  if (guardians.length === 0) throw validationError({ [input.scope]: [messages.messageNobody] })
  return guardians.map((g) => ({ user_id: g.guardian_id, role: 'member' as const }))
}

export function conversationRoleOf(user: AuthUser): NewMember['role'] {
  return roleIn(user.role_key)
}
