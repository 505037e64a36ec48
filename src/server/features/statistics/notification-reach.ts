// Notifications sent in the period. Each recipient has a row of their own, so the reach, the reads
// and the answers are counted from the rows, in one pass; what was sent is counted from the sends
// (a send's rows are all written when it goes out), plus each row of no send (a fee reminder, a
// report of a message), which is a notification of its own. Emergencies are kept apart: what matters
// there is who answered, and how fast.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { ReachFigures, Statistics } from '#shared/statistics.schema.ts'
import type { Dialect } from '../../db/connection.ts'
import type { Database } from '../../db/schema.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import type { Period } from './statistics-period.ts'
import { median, shareOf, storedMinuteOf, wholeMinutes } from './statistics-sql.ts'

export async function notificationReach(
  db: Kysely<Database>,
  dialect: Dialect,
  collegeId: number,
  period: Period,
): Promise<{ notifications: ReachFigures; emergencies: Statistics['reach']['emergencies'] }> {
  const scope = tenantScope(db, collegeId)
  const createdAt = sql.ref<string>('notifications.created_at')
  const waited = (eb: ExpressionBuilder<Database, 'notifications'>, emergency: number, until: string) =>
    eb
      .case()
      .when('notifications.emergency', '=', emergency)
      .then(
        sql<number>`${storedMinuteOf(dialect, sql.ref(`notifications.${until}`))} - ${storedMinuteOf(dialect, createdAt)}`,
      )
      .end()
  const [rows, sends] = await Promise.all([
    // One pass over the index of the period's rows, plain ones then emergencies.
    scope
      .selectFrom('notifications')
      .select((eb) => [
        'notifications.emergency',
        eb.fn.countAll<number>().as('targeted'),
        eb.fn.count<number>('notifications.read_at').as('read'),
        eb.fn.count<number>('notifications.answer').as('answered'),
        eb.fn.count<number>(eb.case().when('notifications.answer', '=', 'safe').then(1).end()).as('safe'),
        eb.fn.count<number>(eb.case().when('notifications.answer', '=', 'help').then(1).end()).as('help'),
        eb.fn.count<number>(eb.case().when('notifications.send_id', 'is', null).then(1).end()).as('lone'),
        // Each kind's own wait only: the time to read plain ones, the time to answer emergencies.
        median(dialect, waited(eb, 0, 'read_at')).as('to_read'),
        median(dialect, waited(eb, 1, 'answered_at')).as('to_answer'),
      ])
      .where('notifications.emergency', 'in', [0, 1])
      .where('notifications.created_at', '>=', period.start)
      .where('notifications.created_at', '<', period.end)
      .groupBy('notifications.emergency')
      .execute(),
    scope
      .selectFrom('notification_sends')
      .select((eb) => ['notification_sends.emergency', eb.fn.countAll<number>().as('n')])
      .where('notification_sends.sent_at', '>=', period.start)
      .where('notification_sends.sent_at', '<', period.end)
      .where('notification_sends.recipients', '>', 0)
      .groupBy('notification_sends.emergency')
      .execute(),
  ])
  const n = (value: unknown) => Number(value ?? 0)
  const of = (emergency: number) => {
    const row = rows.find((r) => Number(r.emergency) === emergency)
    const sent = n(sends.find((s) => Number(s.emergency) === emergency)?.n)
    return { row, sent: sent + n(row?.lone), targeted: n(row?.targeted) }
  }
  const plain = of(0)
  const urgent = of(1)
  const read = n(plain.row?.read)
  return {
    notifications: {
      sent: plain.sent,
      targeted: plain.targeted,
      read,
      share: shareOf(read, plain.targeted),
      median_minutes_to_read: wholeMinutes(plain.row?.to_read),
    },
    emergencies: {
      sent: urgent.sent,
      targeted: urgent.targeted,
      answered: n(urgent.row?.answered),
      safe: n(urgent.row?.safe),
      help: n(urgent.row?.help),
      median_minutes_to_answer: wholeMinutes(urgent.row?.to_answer),
    },
  }
}
