// Guardians with an overdue fee get a notification, once a week at most. A daily job looks at every
// college; the weekly limit is a row per guardian written with the notification, so a job run twice
// (or by two servers) reminds once.
import type { Kysely } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { FEE_REMINDER_DAYS } from '#shared/payments.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import type { Database } from '../../db/schema.ts'
import { enqueueJob, registerJob } from '../../platform/jobs.ts'
import { pokeUsers } from '../../platform/live.ts'
import { personName } from '../../platform/person-name.ts'
import { takeVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { dueAfter } from './fee-family.ts'

export const FEE_REMINDER_JOB = 'fees.remind'
const DAY_MS = 86_400_000

type Overdue = { concept: string; student: string; endDate: string }

/** Each guardian's earliest overdue fee (unpaid, something left to pay), in one college. */
async function overdueByGuardian(db: Kysely<Database>, collegeId: number, today: string) {
  const scope = tenantScope(db, collegeId)
  const fees = await scope
    .selectFrom('fees')
    .select(['id', 'concept', 'amount', 'grade_id', 'end_date'])
    .where('deleted_at', 'is', null)
    .where('end_date', '<', today)
    .orderBy('end_date')
    .execute()
  const found = new Map<number, Overdue>()
  if (fees.length === 0) return found
  const [enrolled, paid, adjustments, guardians] = await Promise.all([
    scope
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .innerJoin('users', 'users.id', 'enrollments.student_id')
      .select(['users.id', 'users.name', 'users.first_lastname', 'courses.grade_id'])
      .execute(),
    scope
      .selectFrom('payments')
      .select(['fee_id', 'student_id'])
      .where('status', 'in', ['approved', 'pending'])
      .where(
        'fee_id',
        'in',
        fees.map((f) => f.id),
      )
      .execute(),
    scope
      .selectFrom('fee_adjustments')
      .select(['fee_id', 'student_id', 'kind', 'discount', 'reason'])
      .where(
        'fee_id',
        'in',
        fees.map((f) => f.id),
      )
      .execute(),
    scope.selectFrom('guardianships').select(['guardian_id', 'student_id']).execute(),
  ])
  const settled = new Set(paid.map((p) => `${p.fee_id}:${p.student_id}`))
  const adjustmentOf = new Map(adjustments.map((a) => [`${a.fee_id}:${a.student_id}`, a]))
  const guardiansOf = new Map<number, number[]>()
  for (const g of guardians)
    guardiansOf.set(g.student_id, [...(guardiansOf.get(g.student_id) ?? []), g.guardian_id])
  for (const fee of fees) {
    for (const student of enrolled) {
      if (fee.grade_id !== null && student.grade_id !== fee.grade_id) continue
      const key = `${fee.id}:${student.id}`
      if (settled.has(key)) continue
      if (dueAfter(fee.amount, adjustmentOf.get(key) as never) === 0) continue
      for (const guardian of guardiansOf.get(student.id) ?? [])
        if (!found.has(guardian))
          found.set(guardian, { concept: fee.concept, student: personName(student), endDate: fee.end_date })
    }
  }
  return found
}

/** Sends this college's due reminders; returns the guardians reminded. */
export async function remindOverdueFees(
  db: Kysely<Database>,
  collegeId: number,
  now = new Date(),
): Promise<number[]> {
  const college = await db
    .selectFrom('colleges')
    .select(['timezone', 'language'])
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow()
  const overdue = await overdueByGuardian(db, collegeId, todayIn(college.timezone, now))
  if (overdue.size === 0) return []
  const scope = tenantScope(db, collegeId)
  const since = new Date(now.getTime() - FEE_REMINDER_DAYS * DAY_MS).toISOString()
  const recent = new Set(
    (
      await scope.selectFrom('fee_reminders').select('guardian_id').where('sent_at', '>', since).execute()
    ).map((r) => r.guardian_id),
  )
  const people = await scope
    .selectFrom('users')
    .select(['id', 'locale'])
    .where('id', 'in', [...overdue.keys()])
    .where('deactivated_at', 'is', null)
    .execute()
  const reminded: number[] = []
  const at = now.toISOString()
  for (const person of people) {
    if (recent.has(person.id)) continue
    const item = overdue.get(person.id)!
    const lang = person.locale ?? college.language
    const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${item.endDate}T12:00:00Z`),
    )
    const sent = await db.transaction().execute(async (trx) => {
      const t = tenantScope(trx, collegeId)
      // The weekly limit, claimed first: a second worker doing the same finds it taken.
      const claimed = await t
        .updateTable('fee_reminders')
        .set({ sent_at: at })
        .where('guardian_id', '=', person.id)
        .where('sent_at', '<=', since)
        .executeTakeFirst()
      if (Number(claimed.numUpdatedRows) === 0) {
        const exists = await t
          .selectFrom('fee_reminders')
          .select('guardian_id')
          .where('guardian_id', '=', person.id)
          .executeTakeFirst()
        if (exists) return false
        await t.insertInto('fee_reminders', { guardian_id: person.id, sent_at: at }).execute()
      }
      await t
        .insertInto('notifications', {
          id: uuidv7(),
          user_id: person.id,
          title: translate(messages.feeReminderTitle, lang),
          content: translate(messages.feeReminderContent, lang, {
            concept: item.concept,
            student: item.student,
            date,
          }),
          scope: 'college',
          emergency: 0,
          read_at: null,
          created_at: at,
          version: await takeVersion(trx, collegeId),
          send_id: null,
          answer: null,
          answered_at: null,
          delivered_at: null,
        })
        .execute()
      return true
    })
    if (sent) reminded.push(person.id)
  }
  if (reminded.length) pokeUsers(collegeId, reminded)
  return reminded
}

registerJob(FEE_REMINDER_JOB, async (deps) => {
  const colleges = await deps.db
    .selectFrom('colleges')
    .select('id')
    .where('suspended_at', 'is', null)
    .execute()
  for (const college of colleges) await remindOverdueFees(deps.db, college.id)
  await enqueueJob(deps.db, {
    kind: FEE_REMINDER_JOB,
    collegeId: null,
    payload: {},
    runAt: new Date(Date.now() + DAY_MS).toISOString(),
  })
})

/** At start: the daily reminder job, unless one is already waiting. */
export async function scheduleFeeReminders(db: Kysely<Database>): Promise<void> {
  const waiting = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', FEE_REMINDER_JOB)
    .where('done_at', 'is', null)
    .executeTakeFirst()
  if (!waiting)
    await enqueueJob(db, {
      kind: FEE_REMINDER_JOB,
      collegeId: null,
      payload: {},
      runAt: new Date().toISOString(),
    })
}
