// Paying fees: the family's checkout, the provider's return, the public outcome, receipts, and the
// /payments/payments/ screen's records, CSV export, hand-recorded payments, refunds and summary.
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message, translate } from '#shared/i18n/translate.ts'
import {
  type CheckoutStart,
  checkoutInputSchema,
  manualPaymentSchema,
  type PaymentOutcome,
} from '#shared/payments.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { actorOf } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { logoBytes } from '../../platform/college-logo.ts'
import type { AppEnv, College } from '../../platform/context.ts'
import { toCsv } from '../../platform/csv.ts'
import { forbidden, notFound } from '../../platform/errors.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { publicOrigin } from '../../platform/password-links.ts'
import { checkLink, signLink } from '../../platform/signed-links.ts'
import { requireCollege } from '../../platform/tenancy.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { isFamilyOf } from './fee-family.ts'
import { collectionSummary } from './fee-summaries.ts'
import { recordManualPayment, refundPayment } from './office-payments.service.ts'
import { toPaymentDtos } from './payment-dto.ts'
import { finishReturn, startCheckout } from './payments.service.ts'
import { filteredPayments, paymentListQuerySchema, paymentsPage } from './payments-list.ts'
import { PROVIDER_LABELS } from './providers/provider-of.ts'
import { receiptPdf } from './receipt-pdf.ts'

export const paymentsRoutes = new Hono<AppEnv>()
const signedIn = [requireAuth, requireCollegeMember] as const
const manages = [...signedIn, requirePermission('payments.manage')] as const

/** The outcome page's address works for a week: long enough to come back to it from the history. */
const OUTCOME_TTL_SECONDS = 7 * 24 * 3600

const college = (c: Context<AppEnv>): College => requireCollege(c)

paymentsRoutes.post('/api/v1/payments/checkout', ...signedIn, requirePermission('fees.view'), async (c) => {
  const input = validate(c, checkoutInputSchema, await readJson(c))
  const started = await startCheckout(c.get('deps'), c.get('auth').user, college(c), input, publicOrigin(c))
  const body: CheckoutStart = { payment_id: started.payment.id, url: started.url, token: started.token }
  return c.json(body, 201)
})

/**
 * Where the provider sends the payer back, by POST or GET: `token_ws` for a finished checkout,
 * `TBK_TOKEN` with `TBK_ORDEN_COMPRA` for one the payer cancelled, `TBK_ORDEN_COMPRA` alone when
 * the provider's form timed out. No sign-in: the token is the secret, and the outcome comes from
 * asking the provider.
 */
paymentsRoutes.on(['GET', 'POST'], '/api/v1/payments/return', async (c) => {
  const form = c.req.method === 'POST' ? await c.req.parseBody().catch(() => ({})) : {}
  const param = (name: string) => {
    const value = (form as Record<string, unknown>)[name] ?? c.req.query(name)
    return typeof value === 'string' && value.length <= 100 ? value : undefined
  }
  const payment = await finishReturn(c.get('deps'), college(c), {
    token: param('token_ws'),
    abortedToken: param('TBK_TOKEN'),
    buyOrder: param('TBK_ORDEN_COMPRA'),
    sessionId: param('TBK_ID_SESION'),
  })
  if (!payment) return c.redirect('/payments/PaymentFailed', 303)
  const { query } = signLink(
    c.get('deps').config.appKey,
    `payment:${payment.id}`,
    'inline',
    OUTCOME_TTL_SECONDS,
  )
  const page = payment.status === 'approved' ? 'PaymentSuccess' : 'PaymentFailed'
  return c.redirect(`/payments/${page}?p=${payment.id}&${query}`, 303)
})

const outcomeQuery = v.object({
  p: v.pipe(plainString(), v.maxLength(40)),
  e: v.optional(v.pipe(plainString(), v.maxLength(20))),
  d: v.optional(v.pipe(plainString(), v.maxLength(20))),
  s: v.optional(v.pipe(plainString(), v.maxLength(100))),
})

/** The public outcome page's data: the payment's own summary, nothing about the family. */
paymentsRoutes.get('/api/v1/payments/outcome', async (c) => {
  const query = validate(c, outcomeQuery, c.req.query())
  const link = checkLink(c.get('deps').config.appKey, `payment:${query.p}`, query)
  if (!link.ok) throw notFound()
  const here = college(c)
  const payment = await tenantScope(c.get('deps').db, here.id)
    .selectFrom('payments')
    .innerJoin('fees', 'fees.id', 'payments.fee_id')
    .select([
      'payments.status',
      'payments.code',
      'payments.amount',
      'payments.paid_at',
      'payments.authorization_code',
      'payments.card_last4',
      'fees.concept',
    ])
    .where('payments.id', '=', query.p)
    .executeTakeFirst()
  if (!payment) throw notFound()
  const body: PaymentOutcome = {
    status: payment.status as PaymentOutcome['status'],
    code: payment.code,
    concept: payment.concept,
    amount: payment.amount,
    currency: here.currency,
    college: here.name,
    paid_at: payment.paid_at,
    authorization_code: payment.authorization_code,
    card_last4: payment.card_last4,
  }
  return c.json(body)
})

/** The payments matching the screen's filters, newest first (payments-list.ts). */
paymentsRoutes.get('/api/v1/payments', ...manages, async (c) =>
  c.json(
    await paymentsPage(c.get('deps').db, college(c), validate(c, paymentListQuerySchema, c.req.query())),
  ),
)

paymentsRoutes.get('/api/v1/payments/export.csv', ...manages, async (c) => {
  const f = validate(c, paymentListQuerySchema, c.req.query())
  const here = college(c)
  const lang = requestLocale(c)
  const rows = (await filteredPayments(c.get('deps').db, here.id, f, undefined, 50_000)).slice(0, 50_000)
  const payments = await toPaymentDtos(c.get('deps').db, here.id, here.currency, rows)
  const t = (id: keyof typeof csvHeaders) => translate(csvHeaders[id], lang)
  const csv = toCsv([
    (Object.keys(csvHeaders) as (keyof typeof csvHeaders)[]).map(t),
    ...payments.map((p) => [
      p.code,
      p.paid_at ?? p.created_at,
      p.concept,
      p.grade_name ?? '',
      p.student_name,
      p.payer_name ?? p.recorded_by_name ?? '',
      p.amount,
      here.currency,
      translate(csvValues[p.status], lang),
      translate(csvValues[p.method], lang),
      p.authorization_code ?? '',
    ]),
  ])
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="payments-${new Date().toISOString().slice(0, 10)}.csv"`,
  })
})

const d = (descriptor: { id: string; message: string }) => descriptor
const csvHeaders = {
  code: d(/*i18n*/ { id: 'payments.csv.code', message: 'Code' }),
  date: d(/*i18n*/ { id: 'payments.csv.date', message: 'Date' }),
  concept: d(/*i18n*/ { id: 'payments.csv.concept', message: 'Concept' }),
  grade: d(/*i18n*/ { id: 'payments.csv.grade', message: 'Grade' }),
  student: d(/*i18n*/ { id: 'payments.csv.student', message: 'Student' }),
  payer: d(/*i18n*/ { id: 'payments.csv.payer', message: 'Paid by' }),
  amount: d(/*i18n*/ { id: 'payments.csv.amount', message: 'Amount' }),
  currency: d(/*i18n*/ { id: 'payments.csv.currency', message: 'Currency' }),
  status: d(/*i18n*/ { id: 'payments.csv.status', message: 'Status' }),
  method: d(/*i18n*/ { id: 'payments.csv.method', message: 'Method' }),
  authorization: d(/*i18n*/ { id: 'payments.csv.authorization', message: 'Authorization code' }),
}

/** States and methods as the accountant reads them, in the language of the export. */
const csvValues = {
  pending: d(/*i18n*/ { id: 'payments.csv.pending', message: 'In progress' }),
  approved: d(/*i18n*/ { id: 'payments.csv.approved', message: 'Paid' }),
  rejected: d(/*i18n*/ { id: 'payments.csv.rejected', message: 'Not completed' }),
  refunded: d(/*i18n*/ { id: 'payments.csv.refunded', message: 'Refunded' }),
  online: d(/*i18n*/ { id: 'payments.csv.online', message: 'Online' }),
  cash: d(/*i18n*/ { id: 'payments.csv.cash', message: 'Cash' }),
  transfer: d(/*i18n*/ { id: 'payments.csv.transfer', message: 'Bank transfer' }),
}

// Without a year, this year's in the college's time zone, as the summary screen counts its years. The
// default goes through the pipe too, so the pattern takes the empty text.
const summaryQuery = v.object({
  year: v.optional(v.pipe(plainString(), v.regex(/^(20\d\d)?$/, message(messages.numberInvalid))), ''),
})

paymentsRoutes.get('/api/v1/payments/summary', ...manages, async (c) => {
  const { year } = validate(c, summaryQuery, c.req.query())
  const here = college(c)
  const chosen = Number(year || todayIn(here.timezone).slice(0, 4))
  return c.json(await collectionSummary(c.get('deps').db, here.id, here.currency, chosen))
})

paymentsRoutes.post('/api/v1/payments', ...manages, async (c) => {
  const input = validate(c, manualPaymentSchema, await readJson(c))
  const here = college(c)
  const row = await recordManualPayment(c.get('deps'), actorOf(c), here, {
    ...input,
    id: input.id.toLowerCase(),
  })
  const [payment] = await toPaymentDtos(c.get('deps').db, here.id, here.currency, [row])
  return c.json(payment, 201)
})

const refundBody = v.object({
  note: v.optional(v.pipe(plainString(), v.trim(), v.maxLength(300, message(messages.tooLong))), ''),
})

async function paymentOr404(c: Context<AppEnv>) {
  const id = c.req.param('id') ?? ''
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound()
  const row = await tenantScope(c.get('deps').db, college(c).id)
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', id.toLowerCase())
    .executeTakeFirst()
  if (!row) throw notFound()
  return row
}

paymentsRoutes.post('/api/v1/payments/:id/refund', ...manages, async (c) => {
  const payment = await paymentOr404(c)
  const { note } = validate(c, refundBody, await readJson(c))
  const here = college(c)
  await refundPayment(c.get('deps'), actorOf(c), here, payment, note)
  const [row] = await toPaymentDtos(c.get('deps').db, here.id, here.currency, [await paymentOr404(c)])
  return c.json(row)
})

/** The PDF receipt of an approved payment, for the student's family and those who manage payments. */
paymentsRoutes.get('/api/v1/payments/:id/receipt', ...signedIn, async (c) => {
  const payment = await paymentOr404(c)
  const { user } = c.get('auth')
  const { db, storage, config } = c.get('deps')
  const manager = user.permissions.includes('payments.manage') || user.permissions.includes('fees.manage')
  if (!manager && !(await isFamilyOf(db, user, payment.student_id))) throw notFound()
  if (payment.status !== 'approved') throw forbidden()
  const here = college(c)
  const [dto] = await toPaymentDtos(db, here.id, here.currency, [payment])
  const pdf = await receiptPdf({
    lang: requestLocale(c),
    timeZone: here.timezone,
    currency: here.currency,
    college: {
      name: here.name,
      rut: here.rut,
      address: here.address,
      logo: await logoBytes(here, storage, config.publicDir).catch(() => null),
    },
    payment: {
      code: payment.code,
      concept: dto!.concept,
      studentName: dto!.student_name,
      payerName: dto!.payer_name ?? '',
      amount: payment.amount,
      paidAt: payment.paid_at ?? payment.updated_at,
      method: payment.method as 'online' | 'cash' | 'transfer',
      provider: payment.provider ? PROVIDER_LABELS[payment.provider as 'test' | 'webpay'] : null,
      authorizationCode: payment.authorization_code,
      cardLast4: payment.card_last4,
    },
  })
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="receipt-${payment.code}.pdf"`,
    'Cache-Control': 'private, no-store',
  })
})
