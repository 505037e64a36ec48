// Writing fees: one or a monthly series in one transaction, edits that never change what a paid fee
// cost, and per-student discounts or exemptions recorded beside the fee rather than in its amount.
import type { Kysely, Selectable } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { messages } from '#shared/i18n/messages.ts'
import { type AdjustmentOutput, FEE_SERIES_MONTHS, type FeeOutput } from '#shared/payments.schema.ts'
import type { Database, FeesTable } from '../../db/schema.ts'
import { type Actor, audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { bumpSyncEpoch, takeVersion, takeVersions } from '../../platform/sync-versions.ts'
import { type TenantScope, tenantScope } from '../../platform/tenant-scope.ts'
import { studentInFee } from './fee-family.ts'

/** The same day `months` later, kept inside shorter months (31 January + 1 → 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(y, m - 1 + months, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(d, last))
  return first.toISOString().slice(0, 10)
}

function monthLabel(day: string, lang: string): string {
  const label = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  )
  return label.charAt(0).toLocaleUpperCase(lang) + label.slice(1)
}

async function checkGrade(scope: TenantScope, gradeId: number | null): Promise<void> {
  if (gradeId === null) return
  const grade = await scope.selectFrom('grades').select('id').where('id', '=', gradeId).executeTakeFirst()
  if (!grade) throw validationError({ grade_id: [messages.numberInvalid] })
}

export async function createFees(
  db: Kysely<Database>,
  actor: Actor,
  input: FeeOutput,
  lang: string,
): Promise<number[]> {
  const scope = tenantScope(db, actor.collegeId)
  await checkGrade(scope, input.grade_id)
  const count = input.monthly ? FEE_SERIES_MONTHS : 1
  const seriesId = input.monthly ? uuidv7() : null
  const now = nowIso()
  return db.transaction().execute(async (trx) => {
    const first = await takeVersions(trx, actor.collegeId, count)
    const ids: number[] = []
    for (let i = 0; i < count; i++) {
      const start = addMonths(input.init_date, i)
      const row = await tenantScope(trx, actor.collegeId)
        .insertInto('fees', {
          concept: input.monthly ? `${input.concept} · ${monthLabel(start, lang)}` : input.concept,
          type: input.type,
          amount: input.amount,
          grade_id: input.grade_id,
          init_date: start,
          end_date: addMonths(input.end_date, i),
          series_id: seriesId,
          version: first + i,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(row.id)
    }
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'fee.create',
      subjectType: 'fee',
      subjectId: ids[0]!,
      details: { concept: input.concept, amount: input.amount, count },
      ip: actor.ip,
    })
    return ids
  })
}

export async function liveFee(db: Kysely<Database>, collegeId: number, id: number) {
  const fee = await tenantScope(db, collegeId)
    .selectFrom('fees')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!fee) throw notFound()
  return fee
}

async function hasPayments(db: Kysely<Database>, collegeId: number, feeId: number): Promise<boolean> {
  const row = await tenantScope(db, collegeId)
    .selectFrom('payments')
    .select('id')
    .where('fee_id', '=', feeId)
    .where('status', 'in', ['pending', 'approved', 'refunded'])
    .executeTakeFirst()
  return row !== undefined
}

/** The students (and their guardians) who saw a fee of this grade: their mirrors start over. */
async function familiesOfGrade(db: Kysely<Database>, collegeId: number, gradeId: number | null) {
  const scope = tenantScope(db, collegeId)
  let students = scope
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select('enrollments.student_id')
  if (gradeId !== null) students = students.where('courses.grade_id', '=', gradeId)
  const ids = (await students.execute()).map((r) => r.student_id)
  if (ids.length === 0) return []
  const guardians = await scope
    .selectFrom('guardianships')
    .select('guardian_id')
    .where('student_id', 'in', ids)
    .execute()
  return [...new Set([...ids, ...guardians.map((g) => g.guardian_id)])]
}

export async function updateFee(
  db: Kysely<Database>,
  actor: Actor,
  fee: Selectable<FeesTable>,
  input: FeeOutput,
): Promise<void> {
  const scope = tenantScope(db, actor.collegeId)
  await checkGrade(scope, input.grade_id)
  const paid = await hasPayments(db, actor.collegeId, fee.id)
  if (paid && input.amount !== fee.amount) throw validationError({ amount: [messages.feeAmountLocked] })
  if (paid && input.grade_id !== fee.grade_id) throw validationError({ grade_id: [messages.feeGradeLocked] })
  await db.transaction().execute(async (trx) => {
    const version = await takeVersion(trx, actor.collegeId)
    const done = await tenantScope(trx, actor.collegeId)
      .updateTable('fees')
      .set({
        concept: input.concept,
        type: input.type,
        amount: input.amount,
        grade_id: input.grade_id,
        init_date: input.init_date,
        end_date: input.end_date,
        version,
        updated_at: nowIso(),
      })
      .where('id', '=', fee.id)
      .where('version', '=', fee.version)
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) === 0) throw new ApiError(409, messages.editConflict)
    // Families of the old grade saw it and must lose it: their mirrors start over.
    if (input.grade_id !== fee.grade_id)
      await bumpSyncEpoch(trx, await familiesOfGrade(trx, actor.collegeId, fee.grade_id))
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'fee.update',
      subjectType: 'fee',
      subjectId: fee.id,
      details: { amount: input.amount, concept: input.concept },
      ip: actor.ip,
    })
  })
}

export async function deleteFee(
  db: Kysely<Database>,
  actor: Actor,
  fee: Selectable<FeesTable>,
): Promise<void> {
  if (await hasPayments(db, actor.collegeId, fee.id)) throw new ApiError(409, messages.feeHasPayments)
  await db.transaction().execute(async (trx) => {
    const version = await takeVersion(trx, actor.collegeId)
    await tenantScope(trx, actor.collegeId)
      .updateTable('fees')
      .set({ deleted_at: nowIso(), version })
      .where('id', '=', fee.id)
      .execute()
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'fee.delete',
      subjectType: 'fee',
      subjectId: fee.id,
      details: { concept: fee.concept },
      ip: actor.ip,
    })
  })
}

/** A discount or exemption for one student; the fee takes a new change number so families see it. */
export async function setAdjustment(
  db: Kysely<Database>,
  actor: Actor,
  fee: Selectable<FeesTable>,
  input: AdjustmentOutput,
): Promise<void> {
  if (!(await studentInFee(db, actor.collegeId, fee.grade_id, input.student_id)))
    throw validationError({ student_id: [messages.feeNotForStudent] })
  const discount = input.kind === 'exemption' ? fee.amount : input.discount
  if (input.kind === 'discount' && (discount < 1 || discount >= fee.amount))
    throw validationError({ discount: [messages.discountTooLarge] })
  await changeAdjustment(db, actor, fee, input.student_id, async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    await scope
      .deleteFrom('fee_adjustments')
      .where('fee_id', '=', fee.id)
      .where('student_id', '=', input.student_id)
      .execute()
    await scope
      .insertInto('fee_adjustments', {
        fee_id: fee.id,
        student_id: input.student_id,
        kind: input.kind,
        discount,
        reason: input.reason,
        created_by: actor.id,
        created_at: nowIso(),
      })
      .execute()
    return { kind: input.kind, discount, reason: input.reason }
  })
}

export async function removeAdjustment(
  db: Kysely<Database>,
  actor: Actor,
  fee: Selectable<FeesTable>,
  studentId: number,
): Promise<void> {
  await changeAdjustment(db, actor, fee, studentId, async (trx) => {
    await tenantScope(trx, actor.collegeId)
      .deleteFrom('fee_adjustments')
      .where('fee_id', '=', fee.id)
      .where('student_id', '=', studentId)
      .execute()
    return { removed: true }
  })
}

async function changeAdjustment(
  db: Kysely<Database>,
  actor: Actor,
  fee: Selectable<FeesTable>,
  studentId: number,
  work: (trx: Kysely<Database>) => Promise<Record<string, unknown>>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // What is due cannot change under an open or done payment; the unique index keeps at most one.
    const open = await tenantScope(trx, actor.collegeId)
      .selectFrom('payments')
      .select('id')
      .where('fee_id', '=', fee.id)
      .where('student_id', '=', studentId)
      .where('status', 'in', ['pending', 'approved'])
      .executeTakeFirst()
    if (open) throw new ApiError(409, messages.adjustmentAfterPayment)
    const details = await work(trx)
    const version = await takeVersion(trx, actor.collegeId)
    await tenantScope(trx, actor.collegeId)
      .updateTable('fees')
      .set({ version })
      .where('id', '=', fee.id)
      .execute()
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'fee.adjust',
      subjectType: 'fee',
      subjectId: fee.id,
      details: { student_id: studentId, ...details },
      ip: actor.ip,
    })
  })
}
