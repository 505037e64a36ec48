// Payments the school office writes by hand: cash or a bank transfer recorded for a student, and
// marking an approved payment refunded.
import { messages } from '#shared/i18n/messages.ts'
import type { ManualPaymentInput } from '#shared/payments.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { type Actor, audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppDeps, College } from '../../platform/context.ts'
import { ApiError, validationError } from '../../platform/errors.ts'
import { pokeUsers } from '../../platform/live.ts'
import { takeVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import {
  amountDue,
  familyIds,
  isUniqueViolation,
  openPayment,
  type PaymentRow,
  paymentCode,
} from './payment-rules.ts'

export async function recordManualPayment(
  deps: AppDeps,
  actor: Actor,
  college: College,
  input: ManualPaymentInput & { note: string },
): Promise<PaymentRow> {
  const { db } = deps
  const scope = tenantScope(db, college.id)
  const existing = await scope
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', input.id)
    .executeTakeFirst()
  if (existing) return existing
  if (input.paid_on > todayIn(college.timezone)) throw validationError({ paid_on: [messages.paidOnFuture] })
  const { due } = await amountDue(db, college.id, input.fee_id, input.student_id)
  const open = await openPayment(db, college.id, input.fee_id, input.student_id)
  if (open?.status === 'approved') throw new ApiError(409, messages.feeAlreadyPaid)
  if (open) throw new ApiError(409, messages.paymentInProgress)
  const now = nowIso()
  const paidAt = input.paid_on === todayIn(college.timezone) ? now : `${input.paid_on}T12:00:00.000Z`
  try {
    await db.transaction().execute(async (trx) => {
      await tenantScope(trx, college.id)
        .insertInto('payments', {
          id: input.id,
          code: paymentCode(),
          fee_id: input.fee_id,
          student_id: input.student_id,
          payer_id: null,
          recorded_by: actor.id,
          amount: due,
          status: 'approved',
          method: input.method,
          provider: null,
          provider_token: null,
          authorization_code: null,
          card_last4: null,
          payment_type: null,
          response_code: null,
          note: input.note,
          paid_at: paidAt,
          expires_at: null,
          version: await takeVersion(trx, college.id),
          created_at: now,
          updated_at: now,
        })
        .execute()
      await audit(trx, {
        collegeId: college.id,
        actorId: actor.id,
        action: 'payment.record',
        subjectType: 'payment',
        subjectId: input.id,
        details: { fee_id: input.fee_id, student_id: input.student_id, amount: due, method: input.method },
        ip: actor.ip,
      })
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, messages.feeAlreadyPaid)
    throw error
  }
  pokeUsers(college.id, await familyIds(db, college.id, input.student_id))
  return scope.selectFrom('payments').selectAll().where('id', '=', input.id).executeTakeFirstOrThrow()
}

/** Marks an approved payment refunded (the money itself goes back through the provider or the office). */
export async function refundPayment(
  deps: AppDeps,
  actor: Actor,
  college: College,
  payment: PaymentRow,
  note: string,
): Promise<void> {
  if (payment.status !== 'approved') throw new ApiError(409, messages.refundOnlyApproved)
  await deps.db.transaction().execute(async (trx) => {
    const version = await takeVersion(trx, college.id)
    await tenantScope(trx, college.id)
      .updateTable('payments')
      .set({ status: 'refunded', version, updated_at: nowIso(), note: note || payment.note })
      .where('id', '=', payment.id)
      .where('status', '=', 'approved')
      .execute()
    await audit(trx, {
      collegeId: college.id,
      actorId: actor.id,
      action: 'payment.refund',
      subjectType: 'payment',
      subjectId: payment.id,
      details: { amount: payment.amount, note },
      ip: actor.ip,
    })
  })
  pokeUsers(college.id, await familyIds(deps.db, college.id, payment.student_id))
}
