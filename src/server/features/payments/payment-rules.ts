// The rules every way of paying shares: a readable code, what a student owes for a fee now, the
// one open payment a fee may have per student, and whose mirrors a payment reaches.
import { randomBytes } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import type { Database, PaymentsTable } from '../../db/schema.ts'
import { ApiError, validationError } from '../../platform/errors.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { dueAfter, studentInFee } from './fee-family.ts'
import { liveFee } from './fees.service.ts'

export type PaymentRow = Selectable<PaymentsTable>

/** A code the payer and the school can read out (Webpay's buy order: at most 26 characters). */
export function paymentCode(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
  return `P${[...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('')}`
}

export function isUniqueViolation(error: unknown): boolean {
  const text =
    String((error as { code?: string; message?: string })?.code ?? '') +
    String((error as Error)?.message ?? '')
  return text.includes('23505') || text.includes('UNIQUE constraint failed')
}

/** Those who see a student's payments in their mirror: the student and their guardians. */
export async function familyIds(
  db: Kysely<Database>,
  collegeId: number,
  studentId: number,
): Promise<number[]> {
  const guardians = await tenantScope(db, collegeId)
    .selectFrom('guardianships')
    .select('guardian_id')
    .where('student_id', '=', studentId)
    .execute()
  return [studentId, ...guardians.map((g) => g.guardian_id)]
}

/** What this student owes for this fee now, or the reason they cannot pay it. */
export async function amountDue(db: Kysely<Database>, collegeId: number, feeId: number, studentId: number) {
  const fee = await liveFee(db, collegeId, feeId)
  if (!(await studentInFee(db, collegeId, fee.grade_id, studentId)))
    throw validationError({ fee_id: [messages.feeNotForStudent] })
  const adjustment = await tenantScope(db, collegeId)
    .selectFrom('fee_adjustments')
    .select(['kind', 'discount', 'reason'])
    .where('fee_id', '=', feeId)
    .where('student_id', '=', studentId)
    .executeTakeFirst()
  const due = dueAfter(fee.amount, adjustment as never)
  if (due === 0) throw new ApiError(409, messages.feeNothingDue)
  return { fee, due }
}

export async function openPayment(db: Kysely<Database>, collegeId: number, feeId: number, studentId: number) {
  return tenantScope(db, collegeId)
    .selectFrom('payments')
    .selectAll()
    .where('fee_id', '=', feeId)
    .where('student_id', '=', studentId)
    .where('status', 'in', ['pending', 'approved'])
    .executeTakeFirst()
}
