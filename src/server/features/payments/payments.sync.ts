// The family's fees wallet, mirrored: the fees that apply to their students (with what each owes)
// and the payments made for them. Those who manage fees read them online, not through the mirror.
import type { Selectable } from 'kysely'
import type { SyncChange } from '#shared/sync.ts'
import type { FeesTable, PaymentsTable } from '../../db/schema.ts'
import { memo, type PullContext, type SyncSource } from '../../platform/sync-registry.ts'
import { pageStatement, rowsInRange } from '../../platform/sync-statements.ts'
import { familyStudents } from './fee-family.ts'
import { toFamilyFees, toPaymentDtos } from './payment-dto.ts'

const family = (ctx: PullContext) => memo(ctx, 'fee-family', () => familyStudents(ctx.db, ctx.user))

/** The fees in the page's range for the whole college or one of these grades (in a first sync, live ones). */
const feeRows = pageStatement<[gradeIds: readonly number[], liveOnly: boolean], Selectable<FeesTable>>(
  (db, range, gradeIds, liveOnly) => {
    const query = rowsInRange(db, 'fees', range)
      .selectAll()
      .where((eb) => eb.or([eb('grade_id', 'is', null), eb('grade_id', 'in', gradeIds)]))
    return liveOnly ? query.where('deleted_at', 'is', null) : query
  },
  ([gradeIds, liveOnly]) => `${gradeIds.length} ${liveOnly}`,
  ([gradeIds, liveOnly]) => [gradeIds.map((_, i) => -1_000_000 - i), liveOnly],
)

/** The payments in the page's range for these students. */
const paymentRows = pageStatement<[studentIds: readonly number[]], Selectable<PaymentsTable>>(
  (db, range, studentIds) =>
    rowsInRange(db, 'payments', range).selectAll().where('student_id', 'in', studentIds),
  ([studentIds]) => `${studentIds.length}`,
  ([studentIds]) => [studentIds.map((_, i) => -1_000_000 - i)],
)

async function feeChanges(ctx: PullContext): Promise<SyncChange[]> {
  const students = await family(ctx)
  if (students.length === 0) return []
  const gradeIds = [...new Set(students.flatMap((s) => s.gradeIds))]
  const rows = await feeRows(ctx, gradeIds, ctx.initial)
  const live = rows.filter((r) => r.deleted_at === null)
  const dtos = new Map(
    (await toFamilyFees(ctx.db, ctx.college.id, ctx.college.currency, live, students)).map((f) => [f.id, f]),
  )
  return rows.map((r) => {
    const data = dtos.get(r.id)
    return (
      data
        ? { collection: 'fees', op: 'put', id: String(r.id), version: Number(r.version), data }
        : { collection: 'fees', op: 'delete', id: String(r.id), version: Number(r.version) }
    ) as SyncChange
  })
}

async function paymentChanges(ctx: PullContext): Promise<SyncChange[]> {
  const students = await family(ctx)
  if (students.length === 0) return []
  const rows = await paymentRows(
    ctx,
    students.map((s) => s.id),
  )
  const dtos = await toPaymentDtos(ctx.db, ctx.college.id, ctx.college.currency, rows)
  return dtos.map(
    ({ grade_name: _g, recorded_by_name: _r, ...data }, i) =>
      ({
        collection: 'payments',
        op: 'put',
        id: data.id,
        version: Number(rows[i]!.version),
        data,
      }) as SyncChange,
  )
}

export const paymentsSyncSources: SyncSource[] = [
  { collection: 'fees', tables: ['fees'], changes: feeChanges },
  { collection: 'payments', tables: ['payments'], changes: paymentChanges },
]
