// Messages written in the period, from the school's side and from families (the messenger's rule:
// guardians and students are families, every other role is staff), per week, and how long a family's
// message waited for the next staff message in its conversation, even one written after the period.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { Statistics } from '#shared/statistics.schema.ts'
import type { Dialect } from '../../db/connection.ts'
import type { Database } from '../../db/schema.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { bucketTable, weeksOf } from './period-buckets.ts'
import type { Period } from './statistics-period.ts'
import { median, minutesBetween, wholeMinutes } from './statistics-sql.ts'

const FAMILY_ROLES = ['guardian', 'student']

export async function conversationFigures(
  db: Kysely<Database>,
  dialect: Dialect,
  collegeId: number,
  period: Period,
): Promise<Statistics['conversation']> {
  const scope = tenantScope(db, collegeId)
  const anyDb = db as Kysely<any>
  const fromFamily = (eb: ExpressionBuilder<any, any>, table = 'messages') =>
    eb(
      `${table}.author_id`,
      'in',
      scope
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select('users.id')
        .where('roles.key', 'in', FAMILY_ROLES),
    )
  const weeks = weeksOf(period)
  // Each week looks up its own messages by time (the weeks drive the join, so the index does the work;
  // the college is on the other side of the join, as the tenant scope would put it).
  const perWeekQuery = anyDb
    .selectFrom(bucketTable(weeks, 'b'))
    .crossJoin('messages')
    .select((eb) => [
      'b.label',
      eb.fn.count<number>(eb.case().when(fromFamily(eb)).then(1).end()).as('families'),
      eb.fn.count<number>(eb.case().when(fromFamily(eb)).then(sql.lit(null)).else(1).end()).as('staff'),
    ])
    .where('messages.college_id', '=', collegeId)
    .whereRef('messages.written_at', '>=', 'b.starts')
    .whereRef('messages.written_at', '<', 'b.ends')
    .groupBy('b.label')
  // Each family message of the period with the first staff message after it in its conversation
  // (looked up by the conversation's own messages in time order, however long the college's history).
  const answered = scope
    .selectFrom('messages')
    .select([
      'messages.written_at',
      anyDb
        .selectFrom('messages as answer')
        .select((inner) => inner.fn.min('answer.written_at').as('at'))
        .where('answer.college_id', '=', collegeId)
        .where('answer.conversation_id', '=', sql.ref<string>('messages.conversation_id'))
        .where('answer.written_at', '>', sql.ref<string>('messages.written_at'))
        .where((inner) => inner.not(fromFamily(inner, 'answer')))
        .as('next_staff'),
    ])
    .where('messages.written_at', '>=', period.start)
    .where('messages.written_at', '<', period.end)
    .where((eb) => fromFamily(eb, 'messages'))
  const [perWeek, waited] = await Promise.all([
    perWeekQuery.execute() as Promise<{ label: string; families: number | string; staff: number | string }[]>,
    anyDb
      .selectFrom(answered.as('o'))
      // A message nobody answered has no wait: the median leaves its null out.
      .select(
        median(dialect, minutesBetween(dialect, sql.ref('o.next_staff'), sql.ref('o.written_at'))).as('m'),
      )
      .executeTakeFirst(),
  ])
  const counts = new Map(perWeek.map((w) => [w.label, w]))
  const byWeek = weeks.map((w) => ({
    week: w.label,
    from_staff: Number(counts.get(w.label)?.staff ?? 0),
    from_families: Number(counts.get(w.label)?.families ?? 0),
  }))
  const fromStaff = byWeek.reduce((sum, w) => sum + w.from_staff, 0)
  const fromFamilies = byWeek.reduce((sum, w) => sum + w.from_families, 0)
  return {
    messages: fromStaff + fromFamilies,
    from_staff: fromStaff,
    from_families: fromFamilies,
    median_minutes_staff_answer: wholeMinutes(waited?.m),
    by_week: byWeek,
  }
}
