// The payments screen's records (\`/payments/payments/\`), filtered and a page at a time, newest first.
// Hono's route and the plain node:http read (fast-reads.ts) both answer it from here; the CSV export
// takes the same filters.
import { type Kysely, sql } from 'kysely'
import * as v from 'valibot'
import { isRealDate, plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import type { Page } from '#shared/pagination.ts'
import { type AdminPayment, PAYMENT_STATUSES } from '#shared/payments.schema.ts'
import type { Database } from '../../db/schema.ts'
import type { College } from '../../platform/context.ts'
import type { FastRead } from '../../platform/fast-reads.ts'
import { containsText } from '../../platform/keyset.ts'
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
  from: v.optional(
    v.pipe(
      plainString(),
      v.check((d) => d === '' || isRealDate(d), message(messages.dateInvalid)),
    ),
    '',
  ),
  to: v.optional(
    v.pipe(
      plainString(),
      v.check((d) => d === '' || isRealDate(d), message(messages.dateInvalid)),
    ),
    '',
  ),
  cursor: v.optional(v.pipe(plainString(), v.maxLength(200)), ''),
  limit: v.optional(v.pipe(plainString(), v.regex(/^\d{1,3}$/)), '50'),
})
type ListQuery = v.InferOutput<typeof paymentListQuerySchema>

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
}

/** Payments matching the screen's filters, newest first. Dates are of the payment (paid, or started). */
export function filteredPayments(db: Kysely<Database>, collegeId: number, f: ListQuery) {
  let query = tenantScope(db, collegeId)
    .selectFrom('payments')
    .innerJoin('fees', 'fees.id', 'payments.fee_id')
    .innerJoin('users', 'users.id', 'payments.student_id')
    .selectAll('payments')
  if (f.q)
    query = query.where(
      containsText(['users.name', 'users.first_lastname', 'payments.code', 'fees.concept'], f.q),
    )
  if (f.status) query = query.where('payments.status', '=', f.status)
  if (f.grade === 'all') query = query.where('fees.grade_id', 'is', null)
  else if (f.grade) query = query.where('fees.grade_id', '=', Number(f.grade))
  if (f.fee) query = query.where('payments.fee_id', '=', Number(f.fee))
  // The day a payment counts for: when it was paid, or when it was started if it never was.
  const day = sql<string>`coalesce(payments.paid_at, payments.created_at)`
  if (f.from) query = query.where(day, '>=', `${f.from}T00:00:00.000Z`)
  if (f.to) query = query.where(day, '<', `${nextDay(f.to)}T00:00:00.000Z`)
  return query
}

/** One page of the payments matching the filters, with one keyset cursor (creation time, id). */
export async function paymentsPage(
  db: Kysely<Database>,
  college: College,
  f: ListQuery,
): Promise<Page<AdminPayment>> {
  const limit = Math.min(Math.max(Number(f.limit), 1), 200)
  let query = filteredPayments(db, college.id, f)
  const after = decodeCursor(f.cursor || undefined, { anyText: true })
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('payments.created_at', '<', after.at),
        eb.and([eb('payments.created_at', '=', after.at), eb('payments.id', '<', String(after.id))]),
      ]),
    )
  const rows = await query
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(limit + 1)
    .execute()
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
