// The payments screen's records (\`/payments/payments/\`), filtered and a page at a time, newest first.
// Hono's route and the plain node:http read (fast-reads.ts) both answer it from here; the CSV export
// takes the same filters.
import { type Kysely, type Selectable, sql } from 'kysely'
import * as v from 'valibot'
import { optionalDay, plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import type { Page } from '#shared/pagination.ts'
import { type AdminPayment, PAYMENT_STATUSES, type PaymentStatus } from '#shared/payments.schema.ts'
import { addDays } from '#shared/time-zones.ts'
import type { Database } from '../../db/schema.ts'
import type { PaymentsTable } from '../../db/tables/payments.ts'
import { compiledPerShape, marksByPlace, shapeOfGiven } from '../../platform/compiled-once.ts'
import type { College } from '../../platform/context.ts'
import type { FastRead } from '../../platform/fast-reads.ts'
import { containsPattern, keysetOrdered, type SortSpec, textPattern } from '../../platform/keyset.ts'
import { decodeCursor, encodeCursor } from '../../platform/pagination.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { validQuery } from '../../platform/validate.ts'
import { toPaymentDtos } from './payment-dto.ts'

/** The payments screen's filters and page. */
export const paymentListQuerySchema = v.object({
  q: v.optional(v.pipe(plainString(), v.trim(), v.maxLength(100, message(messages.tooLong))), ''),
  status: v.optional(v.picklist(['', ...PAYMENT_STATUSES]), ''),
  grade: v.optional(v.pipe(plainString(), v.regex(/^(\d{1,9}|all)?$/, message(messages.numberInvalid))), ''),
  fee: v.optional(v.pipe(plainString(), v.regex(/^\d{0,9}$/, message(messages.numberInvalid))), ''),
  from: optionalDay,
  to: optionalDay,
  cursor: v.optional(v.pipe(plainString(), v.maxLength(200)), ''),
  limit: v.optional(v.pipe(plainString(), v.regex(/^\d{1,3}$/)), '50'),
})
type ListQuery = v.InferOutput<typeof paymentListQuerySchema>

/**
 * The college, the filters as the statement takes them (a search's pattern, a status, the fees of no
 * grade or of one, a fee, the first instant and the instant after the last day), then the page's
 * cursor and size.
 */
type ListArgs = [
  collegeId: number,
  pattern: string | undefined,
  status: PaymentStatus | undefined,
  noGrade: boolean,
  gradeId: number | undefined,
  feeId: number | undefined,
  fromAt: string | undefined,
  beforeAt: string | undefined,
  afterAt: string | undefined,
  afterId: string | undefined,
  limitPlusOne: number,
]

const NEWEST_FIRST: SortSpec = { column: 'payments.created_at', descending: true }

/** Payments matching the screen's filters, newest first. Dates are of the payment (paid, or started). */
const paymentRows = compiledPerShape<ListArgs, Selectable<PaymentsTable>>(
  (
    db,
    collegeId,
    pattern,
    status,
    noGrade,
    gradeId,
    feeId,
    fromAt,
    beforeAt,
    afterAt,
    afterId,
    limitPlusOne,
  ) => {
    let query = tenantScope(db, collegeId)
      .selectFrom('payments')
      .innerJoin('fees', 'fees.id', 'payments.fee_id')
      .innerJoin('users', 'users.id', 'payments.student_id')
      .selectAll('payments')
    if (pattern !== undefined)
      query = query.where(
        containsPattern(['users.name', 'users.first_lastname', 'payments.code', 'fees.concept'], pattern),
      )
    if (status !== undefined) query = query.where('payments.status', '=', status)
    if (noGrade) query = query.where('fees.grade_id', 'is', null)
    else if (gradeId !== undefined) query = query.where('fees.grade_id', '=', gradeId)
    if (feeId !== undefined) query = query.where('payments.fee_id', '=', feeId)
    // The day a payment counts for: when it was paid, or when it was started if it never was.
    const day = sql<string>`coalesce(payments.paid_at, payments.created_at)`
    if (fromAt !== undefined) query = query.where(day, '>=', fromAt)
    if (beforeAt !== undefined) query = query.where(day, '<', beforeAt)
    return keysetOrdered(query, NEWEST_FIRST, 'payments.id', afterAt, afterId, limitPlusOne)
  },
  shapeOfGiven,
  marksByPlace,
)

/** The filters of `f`, newest first after the cursor, at most `limit` rows and one more. */
export function filteredPayments(
  db: Kysely<Database>,
  collegeId: number,
  f: ListQuery,
  after: { at: string; id: string } | undefined,
  limit: number,
) {
  return paymentRows(
    db,
    collegeId,
    f.q ? textPattern(f.q) : undefined,
    f.status || undefined,
    f.grade === 'all',
    f.grade && f.grade !== 'all' ? Number(f.grade) : undefined,
    f.fee ? Number(f.fee) : undefined,
    f.from ? `${f.from}T00:00:00.000Z` : undefined,
    f.to ? `${addDays(f.to, 1)}T00:00:00.000Z` : undefined,
    after?.at,
    after?.id,
    limit + 1,
  )
}

/** One page of the payments matching the filters, with one keyset cursor (creation time, id). */
export async function paymentsPage(
  db: Kysely<Database>,
  college: College,
  f: ListQuery,
): Promise<Page<AdminPayment>> {
  const limit = Math.min(Math.max(Number(f.limit), 1), 200)
  const after = decodeCursor(f.cursor || undefined, { anyText: true })
  const rows = await filteredPayments(db, college.id, f, after, limit)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    data: await toPaymentDtos(db, college.id, college.currency, page),
    next_cursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null,
  }
}

/**
 * \`GET /api/v1/payments\` as plain node:http answers it for a session already kept; one without the
 * permission (Hono answers the 403) or a query it would refuse (the 422) is left to Hono.
 */
export const paymentsListRead: FastRead = ({ auth: { user }, college }, query, { db }) => {
  if (!user.permissions.includes('payments.manage')) return undefined
  const filters = validQuery(paymentListQuerySchema, query)
  return filters && paymentsPage(db, college, filters)
}
