// Rows of fees and payments become what families and admins read, in a fixed number of queries.
import type { Kysely, Selectable } from 'kysely'
import type {
  Fee,
  FeeAdjustment,
  FeeType,
  Payment,
  PaymentMethod,
  PaymentProviderId,
  PaymentStatus,
} from '#shared/payments.schema.ts'
import type { Database, FeesTable, PaymentsTable } from '../../db/schema.ts'
import { anyOf } from '../../platform/any-of.ts'
import { compiledOnce } from '../../platform/compiled-once.ts'
import { namesOfPeople, personName } from '../../platform/person-name.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { appliesTo, dueAfter, type FamilyStudent } from './fee-family.ts'

export async function adjustmentsOf(
  db: Kysely<Database>,
  collegeId: number,
  feeIds: number[],
  studentIds: number[],
): Promise<Map<string, FeeAdjustment>> {
  const found = new Map<string, FeeAdjustment>()
  if (feeIds.length === 0 || studentIds.length === 0) return found
  const rows = await tenantScope(db, collegeId)
    .selectFrom('fee_adjustments')
    .select(['fee_id', 'student_id', 'kind', 'discount', 'reason'])
    .where('fee_id', 'in', feeIds)
    .where('student_id', 'in', studentIds)
    .execute()
  for (const r of rows)
    found.set(`${r.fee_id}:${r.student_id}`, {
      kind: r.kind as FeeAdjustment['kind'],
      discount: r.discount,
      reason: r.reason,
    })
  return found
}

export async function toFamilyFees(
  db: Kysely<Database>,
  collegeId: number,
  currency: string,
  rows: Selectable<FeesTable>[],
  students: FamilyStudent[],
): Promise<Fee[]> {
  const adjustments = await adjustmentsOf(
    db,
    collegeId,
    rows.map((r) => r.id),
    students.map((s) => s.id),
  )
  return rows.map((fee) => ({
    id: fee.id,
    concept: fee.concept,
    type: fee.type as FeeType,
    amount: fee.amount,
    currency,
    grade_id: fee.grade_id,
    init_date: fee.init_date,
    end_date: fee.end_date,
    students: students
      .filter((s) => appliesTo(fee, s))
      .map((s) => {
        const adjustment = adjustments.get(`${fee.id}:${s.id}`) ?? null
        return { student_id: s.id, name: s.name, due: dueAfter(fee.amount, adjustment), adjustment }
      }),
  }))
}

export type PaymentExtras = { grade_name: string | null; recorded_by_name: string | null }

// The fees of a page of payments, compiled once (compiled-once.ts); the people's names beside them.
const feesOf = compiledOnce(
  (db, collegeId: number, ids: readonly number[]) =>
    tenantScope(db, collegeId)
      .selectFrom('fees')
      .leftJoin('grades', 'grades.id', 'fees.grade_id')
      .select(['fees.id', 'fees.concept', 'grades.name as grade_name'])
      .where(anyOf(db, 'fees.id', ids)),
  [-7_361, [-7_362]],
)
export async function toPaymentDtos(
  db: Kysely<Database>,
  collegeId: number,
  currency: string,
  rows: Selectable<PaymentsTable>[],
): Promise<(Payment & PaymentExtras)[]> {
  if (rows.length === 0) return []
  // A page's people and fees, each once, gathered in one pass (the lists' hottest mapping).
  const people = new Set<number>()
  const feeIds = new Set<number>()
  for (const r of rows) {
    people.add(r.student_id)
    if (r.payer_id !== null) people.add(r.payer_id)
    if (r.recorded_by !== null) people.add(r.recorded_by)
    feeIds.add(r.fee_id)
  }
  const [fees, users] = await Promise.all([
    feesOf(db, collegeId, [...feeIds]),
    namesOfPeople(db, collegeId, [...people]),
  ])
  const feeOf = new Map(fees.map((f) => [f.id, f]))
  const nameOf = new Map(users.map((u) => [u.id, personName(u)]))
  return rows.map((r) => {
    const fee = feeOf.get(r.fee_id)
    return {
      id: r.id,
      code: r.code,
      fee_id: r.fee_id,
      student_id: r.student_id,
      student_name: nameOf.get(r.student_id) ?? '',
      concept: fee?.concept ?? '',
      amount: r.amount,
      currency,
      status: r.status as PaymentStatus,
      method: r.method as PaymentMethod,
      provider: r.provider as PaymentProviderId | null,
      payer_name: r.payer_id === null ? null : (nameOf.get(r.payer_id) ?? null),
      authorization_code: r.authorization_code,
      card_last4: r.card_last4,
      paid_at: r.paid_at,
      created_at: r.created_at,
      grade_name: fee?.grade_name ?? null,
      recorded_by_name: r.recorded_by === null ? null : (nameOf.get(r.recorded_by) ?? null),
    }
  })
}
