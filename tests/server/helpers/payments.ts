// Fees and payments as a family and the school office go through them over HTTP: fees made by an
// admin, a checkout, the test provider's page, the provider's return, and the rows they leave behind.
import type { Fee, FeeInput, Payment } from '#shared/payments.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { body, EN } from './http.ts'
import { mirrorOf, pullAll } from './sync.ts'
import type { TestApp } from './test-app.ts'

let feeCount = 0

/** A fee the server accepts: for the whole college, due next month, unless told otherwise. */
export function feeInput(overrides: Partial<FeeInput> = {}): FeeInput {
  feeCount += 1
  return {
    concept: `Cuota de prueba ${feeCount}`,
    type: 'other',
    amount: 25_000,
    grade_id: null,
    init_date: '2030-03-01',
    end_date: '2030-03-31',
    ...overrides,
  }
}

/** Creates a fee (or a monthly series) as an admin: the ids the server gave. */
export async function createFees(t: TestApp, token: string, overrides: Partial<FeeInput> = {}) {
  const res = await t.request('POST', '/api/v1/fees', { token, json: feeInput(overrides), headers: EN })
  if (res.status !== 201) throw new Error(`creating a fee failed: ${res.status} ${await res.text()}`)
  return (await body<{ ids: number[] }>(res)).ids
}

export async function createFee(t: TestApp, token: string, overrides: Partial<FeeInput> = {}) {
  return (await createFees(t, token, overrides))[0]!
}

export async function feeIdOf(t: TestApp, concept: string): Promise<number> {
  const row = await t.db
    .selectFrom('fees')
    .select('id')
    .where('concept', '=', concept)
    .executeTakeFirstOrThrow()
  return row.id
}

/** A discount or an exemption for one student, as an admin records it. */
export function adjust(
  t: TestApp,
  token: string,
  feeId: number,
  studentId: number,
  adjustment: { kind: 'discount' | 'exemption'; discount?: number; reason?: string },
) {
  return t.request('PUT', `/api/v1/fees/${feeId}/adjustments/${studentId}`, {
    token,
    json: { reason: 'Beca', ...adjustment },
    headers: EN,
  })
}

/** The family's checkout, with whatever else the browser sends beside the fee and the student. */
export function checkout(
  t: TestApp,
  token: string,
  feeId: number,
  studentId: number,
  extra: Record<string, unknown> = {},
) {
  return t.request('POST', '/api/v1/payments/checkout', {
    token,
    json: { ...extra, fee_id: feeId, student_id: studentId },
    headers: EN,
  })
}

export type CheckoutStarted = { payment_id: string; url: string; token: string }

export async function startCheckout(t: TestApp, token: string, feeId: number, studentId: number) {
  const res = await checkout(t, token, feeId, studentId)
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${await res.text()}`)
  return body<CheckoutStarted>(res)
}

/** The payer's choice on the test provider's page (no sign-in: the token is the secret). */
export function decide(t: TestApp, providerToken: string, decision: 'approve' | 'reject') {
  return t.request('POST', `/api/v1/payments/test-checkout/${providerToken}`, {
    json: { decision },
    headers: EN,
  })
}

/** The provider sends the payer back with a form POST, as Webpay does (`token_ws`, or `TBK_*`). */
export function returnFromProvider(t: TestApp, form: Record<string, string>, host = 'localhost') {
  return t.request('POST', '/api/v1/payments/return', {
    host,
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

/** The public outcome page's data, read from the address the return redirected to. */
export function outcomeOf(t: TestApp, location: string) {
  const url = new URL(location, 'http://localhost')
  return t.request('GET', `/api/v1/payments/outcome${url.search}`, { headers: EN })
}

/** Checkout, the test provider's page and the return: where the payer lands. */
export async function payWithTestProvider(
  t: TestApp,
  token: string,
  feeId: number,
  studentId: number,
  decision: 'approve' | 'reject' = 'approve',
) {
  const started = await startCheckout(t, token, feeId, studentId)
  const decided = await decide(t, started.token, decision)
  if (decided.status !== 200) throw new Error(`decision failed: ${decided.status} ${await decided.text()}`)
  const back = await returnFromProvider(t, { token_ws: started.token })
  return { ...started, status: back.status, location: back.headers.get('location') ?? '' }
}

/** A payment recorded by hand at the office (cash or transfer). */
export function recordPayment(
  t: TestApp,
  token: string,
  input: { id: string; fee_id: number; student_id: number; method?: 'cash' | 'transfer'; paid_on: string },
) {
  return t.request('POST', '/api/v1/payments', {
    token,
    json: { method: 'cash', note: '', ...input },
    headers: EN,
  })
}

/** Every payment row of one fee and student, oldest first, straight from the table. */
export function paymentRows(t: TestApp, feeId: number, studentId: number) {
  return t.db
    .selectFrom('payments')
    .selectAll()
    .where('fee_id', '=', feeId)
    .where('student_id', '=', studentId)
    .orderBy('created_at')
    .execute()
}

/** What a family's mirror holds after pulling everything: its fees and payments by id. */
export async function familyMirror(t: TestApp, token: string, host = 'localhost') {
  const rows = [...mirrorOf((await pullAll(t, token, { host })).changes).values()]
  const fees = new Map<number, Fee>()
  const payments = new Map<string, Payment>()
  for (const row of rows) {
    if (row.op !== 'put') continue
    if (row.collection === 'fees') fees.set(row.data.id, row.data)
    if (row.collection === 'payments') payments.set(row.data.id, row.data)
  }
  return { fees, payments }
}

/** Today in the college's own time zone (a payment recorded by hand cannot be dated later). */
export async function todayAt(t: TestApp, collegeId: number): Promise<string> {
  const { timezone } = await t.db
    .selectFrom('colleges')
    .select('timezone')
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow()
  return todayIn(timezone)
}

type Totals = { due: number; collected: number }

/**
 * What is due and what came in for the fees due in a year, counted student by student from the tables:
 * each enrolled student a fee applies to owes its amount less their discount (nothing when exempt);
 * what came in is the approved payments.
 */
export async function countByHand(t: TestApp, collegeId: number, year: number) {
  const [fees, enrolled, adjustments, approved] = await Promise.all([
    t.db
      .selectFrom('fees')
      .selectAll()
      .where('college_id', '=', collegeId)
      .where('deleted_at', 'is', null)
      .where('end_date', '>=', `${year}-01-01`)
      .where('end_date', '<=', `${year}-12-31`)
      .execute(),
    t.db
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .select(['enrollments.student_id', 'courses.grade_id'])
      .where('enrollments.college_id', '=', collegeId)
      .execute(),
    t.db.selectFrom('fee_adjustments').selectAll().where('college_id', '=', collegeId).execute(),
    t.db
      .selectFrom('payments')
      .select(['fee_id', 'amount'])
      .where('college_id', '=', collegeId)
      .where('status', '=', 'approved')
      .execute(),
  ])
  const byGrade = new Map<number | null, Totals>()
  const byMonth = new Map<string, Totals>()
  const add = <K>(map: Map<K, Totals>, key: K, due: number, collected: number) => {
    const totals = map.get(key) ?? { due: 0, collected: 0 }
    map.set(key, { due: totals.due + due, collected: totals.collected + collected })
  }
  for (const fee of fees) {
    const students = new Set(
      enrolled.filter((e) => fee.grade_id === null || e.grade_id === fee.grade_id).map((e) => e.student_id),
    )
    let due = 0
    for (const student of students) {
      const adjustment = adjustments.find((a) => a.fee_id === fee.id && a.student_id === student)
      if (!adjustment) due += fee.amount
      else if (adjustment.kind === 'discount') due += fee.amount - adjustment.discount
    }
    const collected = approved.filter((p) => p.fee_id === fee.id).reduce((sum, p) => sum + p.amount, 0)
    add(byGrade, fee.grade_id, due, collected)
    add(byMonth, fee.end_date.slice(0, 7), due, collected)
  }
  return {
    byGrade: [...byGrade.entries()]
      .map(([grade_id, totals]) => ({ grade_id, ...totals }))
      .sort((a, b) => (a.grade_id ?? 0) - (b.grade_id ?? 0)),
    byMonth: [...byMonth.entries()]
      .map(([month, totals]) => ({ month, ...totals }))
      .sort((a, b) => a.month.localeCompare(b.month)),
  }
}
