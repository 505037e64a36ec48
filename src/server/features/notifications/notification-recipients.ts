// Who a notification reaches: everyone active in the college, the students of some grades or
// courses with their guardians, or people chosen one by one.
import type { Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import type { NotificationAudience } from '#shared/notifications.schema.ts'
import type { Database } from '../../db/schema.ts'
import { validationError } from '../../platform/errors.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export type StoredAudience = { scope: NotificationAudience['scope']; ids: number[] }

export function storedAudience(input: NotificationAudience): StoredAudience {
  const ids =
    input.scope === 'grades'
      ? input.grades
      : input.scope === 'courses'
        ? input.courses
        : input.scope === 'users'
          ? input.users
          : []
  return { scope: input.scope, ids }
}

/** 422 on the field when a chosen grade, course or person is not (or no longer) in the college. */
export async function checkAudience(db: Kysely<Database>, collegeId: number, audience: StoredAudience) {
  const { scope: kind, ids } = audience
  if (kind === 'college') return
  const scope = tenantScope(db, collegeId)
  const table = kind === 'grades' ? 'grades' : kind === 'courses' ? 'courses' : 'users'
  let query = scope
    .selectFrom(table)
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('id', 'in', ids)
  if (table === 'users') query = query.where('deactivated_at', 'is', null)
  const found = Number((await query.executeTakeFirstOrThrow()).n)
  if (found === ids.length) return
  const message =
    kind === 'grades'
      ? messages.gradeUnknown
      : kind === 'courses'
        ? messages.courseUnknown
        : messages.notificationPersonUnknown
  throw validationError({ [kind]: [message] })
}

/** A query of the ids of the active people this audience reaches. */
function recipientQuery(db: Kysely<Database>, collegeId: number, audience: StoredAudience) {
  const scope = tenantScope(db, collegeId)
  const people = scope.selectFrom('users').select('users.id').where('users.deactivated_at', 'is', null)
  if (audience.scope === 'college') return people
  if (audience.scope === 'users') return people.where('users.id', 'in', audience.ids)
  const students = scope
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select('enrollments.student_id')
    .where(audience.scope === 'grades' ? 'courses.grade_id' : 'courses.id', 'in', audience.ids)
  const guardians = scope
    .selectFrom('guardianships')
    .select('guardianships.guardian_id')
    .where('guardianships.student_id', 'in', students)
  return people.where((eb) => eb.or([eb('users.id', 'in', students), eb('users.id', 'in', guardians)]))
}

export async function recipientIds(
  db: Kysely<Database>,
  collegeId: number,
  audience: StoredAudience,
): Promise<number[]> {
  const rows = await recipientQuery(db, collegeId, audience).orderBy('users.id').execute()
  return rows.map((r) => r.id)
}

/** How many it would reach, and how many of them have a device that takes push messages. */
export async function previewAudience(db: Kysely<Database>, collegeId: number, audience: StoredAudience) {
  const ids = recipientQuery(db, collegeId, audience)
  const [total, pushable] = await Promise.all([
    db
      .selectFrom(ids.as('r'))
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    tenantScope(db, collegeId)
      .selectFrom('push_subscriptions')
      .select(({ fn }) => fn.count<number>('user_id').distinct().as('n'))
      .where('user_id', 'in', ids)
      .executeTakeFirstOrThrow(),
  ])
  return { recipients: Number(total.n), with_push: Number(pushable.n) }
}
