// What came in against what is due, per fee, per grade and per month of the due date: a few grouped
// queries for the whole college, summed here (a college has hundreds of fees, not millions).
import type { Kysely, Selectable } from 'kysely'
import type { AdjustmentKind, CollectionSummary, FeeSummaryRow, FeeType } from '#shared/payments.schema.ts'
import type { Database, FeesTable } from '../../db/schema.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { dueAfter } from './fee-family.ts'

type FeeRow = Selectable<FeesTable> & { grade_name: string | null }

async function studentsPerGrade(db: Kysely<Database>, collegeId: number) {
  const scope = tenantScope(db, collegeId)
  const [perGrade, all] = await Promise.all([
    scope
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .select((eb) => ['courses.grade_id', eb.fn.count<number>('enrollments.student_id').distinct().as('n')])
      .groupBy('courses.grade_id')
      .execute(),
    scope
      .selectFrom('enrollments')
      .select((eb) => eb.fn.count<number>('student_id').distinct().as('n'))
      .executeTakeFirst(),
  ])
  const counts = new Map(perGrade.map((r) => [r.grade_id, Number(r.n)]))
  return (gradeId: number | null) => (gradeId === null ? Number(all?.n ?? 0) : (counts.get(gradeId) ?? 0))
}

export async function feeSummaries(
  db: Kysely<Database>,
  collegeId: number,
  fees: FeeRow[],
): Promise<FeeSummaryRow[]> {
  if (fees.length === 0) return []
  const scope = tenantScope(db, collegeId)
  const ids = fees.map((f) => f.id)
  const [studentsOf, adjustments, payments] = await Promise.all([
    studentsPerGrade(db, collegeId),
    // Only the adjustments of students the fee applies to now (one who left its grade is not counted).
    scope
      .selectFrom('fee_adjustments')
      .innerJoin('fees', 'fees.id', 'fee_adjustments.fee_id')
      .select(['fee_adjustments.fee_id', 'fee_adjustments.kind', 'fee_adjustments.discount'])
      .where('fee_adjustments.fee_id', 'in', ids)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('enrollments')
            .innerJoin('courses', 'courses.id', 'enrollments.course_id')
            .select('enrollments.student_id')
            .whereRef('enrollments.college_id', '=', 'fee_adjustments.college_id')
            .whereRef('enrollments.student_id', '=', 'fee_adjustments.student_id')
            .where((inner) =>
              inner.or([
                inner('fees.grade_id', 'is', null),
                inner('courses.grade_id', '=', inner.ref('fees.grade_id')),
              ]),
            ),
        ),
      )
      .execute(),
    scope
      .selectFrom('payments')
      .select((eb) => ['fee_id', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('total')])
      .where('fee_id', 'in', ids)
      .where('status', '=', 'approved')
      .groupBy('fee_id')
      .execute(),
  ])
  const anyPayments = await scope
    .selectFrom('payments')
    .select('fee_id')
    .distinct()
    .where('fee_id', 'in', ids)
    .where('status', 'in', ['pending', 'approved', 'refunded'])
    .execute()
  // What each adjustment takes off as the fee stands now: an exemption all of it, even after the
  // amount was corrected; a discount never more than the amount (the same rule as `dueAfter`).
  const amountOf = new Map(fees.map((f) => [f.id, f.amount]))
  const discountOf = new Map<number, number>()
  for (const a of adjustments) {
    const amount = amountOf.get(a.fee_id) ?? 0
    const off =
      amount - dueAfter(amount, { kind: a.kind as AdjustmentKind, discount: a.discount, reason: '' })
    discountOf.set(a.fee_id, (discountOf.get(a.fee_id) ?? 0) + off)
  }
  const paidOf = new Map(payments.map((r) => [r.fee_id, { n: Number(r.n), total: Number(r.total) }]))
  const withPayments = new Set(anyPayments.map((r) => r.fee_id))
  return fees.map((f) => {
    const students = studentsOf(f.grade_id)
    return {
      id: f.id,
      concept: f.concept,
      type: f.type as FeeType,
      amount: f.amount,
      grade_id: f.grade_id,
      grade_name: f.grade_name,
      init_date: f.init_date,
      end_date: f.end_date,
      series_id: f.series_id,
      students,
      paid: paidOf.get(f.id)?.n ?? 0,
      collected: paidOf.get(f.id)?.total ?? 0,
      due: Math.max(0, students * f.amount - (discountOf.get(f.id) ?? 0)),
      has_payments: withPayments.has(f.id),
      version: Number(f.version),
    }
  })
}

export function feesQuery(db: Kysely<Database>, collegeId: number) {
  return tenantScope(db, collegeId)
    .selectFrom('fees')
    .leftJoin('grades', 'grades.id', 'fees.grade_id')
    .selectAll('fees')
    .select('grades.name as grade_name')
    .where('fees.deleted_at', 'is', null)
}

/** Collected against due for the fees due in a year, per grade and per month. */
export function collectionSummary(
  db: Kysely<Database>,
  collegeId: number,
  currency: string,
  year: number,
): Promise<CollectionSummary> {
  return collectionBetween(db, collegeId, currency, `${year}-01-01`, `${year}-12-31`)
}

/**
 * Collected against due for the fees due between two days (both included), per grade and per month:
 * the payments screen's summary (a year) and the statistics dashboard's money (any period).
 */
export async function collectionBetween(
  db: Kysely<Database>,
  collegeId: number,
  currency: string,
  from: string,
  to: string,
): Promise<CollectionSummary> {
  const fees = await feesQuery(db, collegeId)
    .where('fees.end_date', '>=', from)
    .where('fees.end_date', '<=', to)
    .execute()
  const rows = await feeSummaries(db, collegeId, fees)
  const byGrade = new Map<string, CollectionSummary['byGrade'][number]>()
  const byMonth = new Map<string, CollectionSummary['byMonth'][number]>()
  for (const r of rows) {
    const g = byGrade.get(String(r.grade_id)) ?? {
      grade_id: r.grade_id,
      grade_name: r.grade_name,
      due: 0,
      collected: 0,
    }
    g.due += r.due
    g.collected += r.collected
    byGrade.set(String(r.grade_id), g)
    const month = r.end_date.slice(0, 7)
    const m = byMonth.get(month) ?? { month, due: 0, collected: 0 }
    m.due += r.due
    m.collected += r.collected
    byMonth.set(month, m)
  }
  return {
    currency,
    byGrade: [...byGrade.values()].sort((a, b) => (a.grade_name ?? '').localeCompare(b.grade_name ?? '')),
    byMonth: [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month)),
  }
}
