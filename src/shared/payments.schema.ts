// Fees (what each student owes) and payments (what was paid), as both sides see them. Amounts are
// integers in the college's currency; dates are `YYYY-MM-DD` in the college's time zone.
import * as v from 'valibot'
import { uuid } from './audience.schema.ts'
import { isRealDate, MAX_INT, optionalText, plainString, recordId, requiredText } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const FEE_TYPES = ['tuition', 'enrolment', 'materials', 'activity', 'other'] as const
export type FeeType = (typeof FEE_TYPES)[number]
export const PAYMENT_STATUSES = ['pending', 'approved', 'rejected', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
export const PAYMENT_METHODS = ['online', 'cash', 'transfer'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const ADJUSTMENT_KINDS = ['discount', 'exemption'] as const
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number]
export const PAYMENT_PROVIDERS = ['test', 'webpay'] as const
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number]

/** A monthly tuition made in one step: March to December, as Chilean schools bill it. */
export const FEE_SERIES_MONTHS = 10
/** A checkout not finished within this time ends as rejected (Webpay's own form expires sooner). */
export const CHECKOUT_TIMEOUT_MINUTES = 15
/** Overdue fees remind each guardian at most this often. */
export const FEE_REMINDER_DAYS = 7

const day = v.pipe(plainString(m.dateInvalid), v.check(isRealDate, message(m.dateInvalid)))

export const amount = v.pipe(
  v.number(message(m.feeAmountInvalid)),
  v.integer(message(m.feeAmountInvalid)),
  v.minValue(1, message(m.feeAmountInvalid)),
  v.maxValue(MAX_INT, message(m.feeAmountInvalid)),
)

export const feeInputSchema = v.pipe(
  v.object({
    concept: requiredText(120),
    type: v.picklist(FEE_TYPES, message(m.feeTypeInvalid)),
    amount,
    grade_id: v.optional(v.nullable(recordId), null),
    init_date: day,
    end_date: day,
    /** Create it as a monthly series (only when creating). */
    monthly: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.check((input) => input.end_date >= input.init_date, message(m.feeDueBeforeStart)),
    ['end_date'],
  ),
)
export type FeeInput = v.InferInput<typeof feeInputSchema>
export type FeeOutput = v.InferOutput<typeof feeInputSchema>

export const adjustmentInputSchema = v.object({
  student_id: recordId,
  kind: v.picklist(ADJUSTMENT_KINDS, message(m.fieldRequired)),
  /** What is taken off; ignored for an exemption (all of it). */
  discount: v.optional(v.pipe(v.number(message(m.numberInvalid)), v.integer(message(m.numberInvalid))), 0),
  reason: requiredText(200),
})
export type AdjustmentInput = v.InferInput<typeof adjustmentInputSchema>
export type AdjustmentOutput = v.InferOutput<typeof adjustmentInputSchema>

export const checkoutInputSchema = v.object({ fee_id: recordId, student_id: recordId })
export type CheckoutInput = v.InferInput<typeof checkoutInputSchema>

export const manualPaymentSchema = v.object({
  id: uuid,
  fee_id: recordId,
  student_id: recordId,
  method: v.picklist(['cash', 'transfer'] as const, message(m.fieldRequired)),
  paid_on: day,
  note: v.optional(optionalText(300), ''),
})
export type ManualPaymentInput = v.InferInput<typeof manualPaymentSchema>

export const paymentSettingsSchema = v.object({
  provider: v.nullable(v.picklist(PAYMENT_PROVIDERS, message(m.fieldRequired))),
  webpay_commerce_code: v.optional(optionalText(20), ''),
  webpay_api_key: v.optional(optionalText(200), ''),
  webpay_environment: v.optional(v.picklist(['integration', 'production'] as const), 'integration'),
  rut: v.optional(optionalText(20), ''),
})
export type PaymentSettingsInput = v.InferInput<typeof paymentSettingsSchema>

export type PaymentSettings = {
  provider: PaymentProviderId | null
  /** Whether this server lets a college choose the test provider (never in production). */
  test_allowed: boolean
  webpay_commerce_code: string
  has_webpay_api_key: boolean
  webpay_environment: 'integration' | 'production'
  rut: string
  currency: string
}

export type FeeAdjustment = { kind: AdjustmentKind; discount: number; reason: string }

/** One student a fee applies to, as their family sees it. */
export type FeeStudent = {
  student_id: number
  name: string
  /** What is left to pay once the adjustment is taken off (0 when exempt). */
  due: number
  adjustment: FeeAdjustment | null
}

/** A fee in a family's mirror: the fee and the family's students it applies to. */
export type Fee = {
  id: number
  concept: string
  type: FeeType
  amount: number
  currency: string
  grade_id: number | null
  init_date: string
  end_date: string
  students: FeeStudent[]
}

/** A payment in a family's mirror (their own students'), and in the admins' list. */
export type Payment = {
  id: string
  code: string
  fee_id: number
  student_id: number
  student_name: string
  concept: string
  amount: number
  currency: string
  status: PaymentStatus
  method: PaymentMethod
  provider: PaymentProviderId | null
  payer_name: string | null
  authorization_code: string | null
  card_last4: string | null
  paid_at: string | null
  created_at: string
}

/** A fee in the admins' list, with how much of it came in. */
export type FeeSummaryRow = {
  id: number
  concept: string
  type: FeeType
  amount: number
  grade_id: number | null
  grade_name: string | null
  init_date: string
  end_date: string
  series_id: string | null
  students: number
  paid: number
  collected: number
  due: number
  has_payments: boolean
  version: number
}

export type FeeStudentRow = {
  student_id: number
  name: string
  course_name: string
  due: number
  adjustment: FeeAdjustment | null
  payment: Pick<Payment, 'id' | 'code' | 'status' | 'method' | 'paid_at' | 'amount'> | null
}

export type AdminPayment = Payment & { grade_name: string | null; recorded_by_name: string | null }

/** Collected against due, per grade and per month of the due date. */
export type CollectionSummary = {
  currency: string
  byGrade: { grade_id: number | null; grade_name: string | null; due: number; collected: number }[]
  byMonth: { month: string; due: number; collected: number }[]
}

export type CheckoutStart = { payment_id: string; url: string; token: string }

/** What the public outcome page shows: the payment's own summary and nothing about the family. */
export type PaymentOutcome = {
  status: PaymentStatus
  code: string
  concept: string
  amount: number
  currency: string
  college: string
  paid_at: string | null
  authorization_code: string | null
  card_last4: string | null
}
