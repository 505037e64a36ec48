// The family's fees wallet, mirrored: the fees that apply to their students (with what each owes)
// and the payments made for them. Those who manage fees read them online, not through the mirror.
import type { SyncChange } from '#shared/sync.ts'
import { memo, type PullContext, type SyncSource } from '../../platform/sync-registry.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { familyStudents } from './fee-family.ts'
import { toFamilyFees, toPaymentDtos } from './payment-dto.ts'

const family = (ctx: PullContext) => memo(ctx, 'fee-family', () => familyStudents(ctx.db, ctx.user))

async function feeChanges(ctx: PullContext): Promise<SyncChange[]> {
  const students = await family(ctx)
  if (students.length === 0) return []
  const gradeIds = [...new Set(students.flatMap((s) => s.gradeIds))]
  let query = tenantScope(ctx.db, ctx.college.id)
    .selectFrom('fees')
    .selectAll()
    .where('version', '>', ctx.since)
    .where('version', '<=', ctx.until)
    .where((eb) => eb.or([eb('grade_id', 'is', null), eb('grade_id', 'in', gradeIds)]))
  if (ctx.initial) query = query.where('deleted_at', 'is', null)
  const rows = await query.orderBy('version', ctx.order).limit(ctx.limit).execute()
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
  const rows = await tenantScope(ctx.db, ctx.college.id)
    .selectFrom('payments')
    .selectAll()
    .where('version', '>', ctx.since)
    .where('version', '<=', ctx.until)
    .where(
      'student_id',
      'in',
      students.map((s) => s.id),
    )
    .orderBy('version', ctx.order)
    .limit(ctx.limit)
    .execute()
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
