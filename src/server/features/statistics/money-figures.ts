// Fees due in the period and what came in for them: the payments screen's own summary (one piece of
// code for both, so the two screens never disagree), with every month of the period listed.
import type { Kysely } from 'kysely'
import type { Statistics } from '#shared/statistics.schema.ts'
import type { Database } from '../../db/schema.ts'
import type { College } from '../../platform/context.ts'
// The dashboard composes other areas' figures; this is the payments area's public summary.
import { collectionBetween } from '../payments/fee-summaries.ts'
import { monthsOf } from './period-buckets.ts'
import type { Period } from './statistics-period.ts'

export async function moneyFigures(
  db: Kysely<Database>,
  college: College,
  period: Period,
): Promise<Statistics['money']> {
  const summary = await collectionBetween(db, college.id, college.currency, period.from, period.to)
  const months = new Map(summary.byMonth.map((m) => [m.month, m]))
  return {
    currency: college.currency,
    due: summary.byMonth.reduce((sum, m) => sum + m.due, 0),
    collected: summary.byMonth.reduce((sum, m) => sum + m.collected, 0),
    by_month: monthsOf(period).map(({ label }) => ({
      month: label,
      due: months.get(label)?.due ?? 0,
      collected: months.get(label)?.collected ?? 0,
    })),
    by_grade: summary.byGrade.map((g) => ({
      grade_id: g.grade_id,
      grade: g.grade_name,
      due: g.due,
      collected: g.collected,
    })),
  }
}
