// The /payments/fees/ screen's API: fees with what came in, the students each applies to, and
// per-student discounts or exemptions.
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { adjustmentInputSchema, type FeeStudentRow, feeInputSchema } from '#shared/payments.schema.ts'
import { actorOf } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, ifMatchOf, notFound } from '../../platform/errors.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { containsText, foldedOrder } from '../../platform/keyset.ts'
import { personName } from '../../platform/person-name.ts'
import { requireCollege } from '../../platform/tenancy.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { pathId, readJson, validate } from '../../platform/validate.ts'
import { dueAfter } from './fee-family.ts'
import { feeSummaries, feesQuery } from './fee-summaries.ts'
import { createFees, deleteFee, liveFee, removeAdjustment, setAdjustment, updateFee } from './fees.service.ts'

export const feesRoutes = new Hono<AppEnv>()
feesRoutes.use('/api/v1/fees', requireAuth, requireCollegeMember, requirePermission('fees.manage'))
feesRoutes.use('/api/v1/fees/*', requireAuth, requireCollegeMember, requirePermission('fees.manage'))

const listQuery = v.object({
  q: v.optional(v.pipe(plainString(), v.trim(), v.maxLength(100, message(messages.tooLong))), ''),
  grade: v.optional(v.pipe(plainString(), v.regex(/^(\d{1,9}|all)?$/, message(messages.numberInvalid))), ''),
})

const collegeOf = (c: Context<AppEnv>) => c.get('auth').user.college_id!

async function summaryOf(c: Context<AppEnv>, id: number) {
  const row = await feesQuery(c.get('deps').db, collegeOf(c)).where('fees.id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  const [summary] = await feeSummaries(c.get('deps').db, collegeOf(c), [row])
  return summary!
}

feesRoutes.get('/api/v1/fees', async (c) => {
  const { q, grade } = validate(c, listQuery, c.req.query())
  let query = feesQuery(c.get('deps').db, collegeOf(c))
  if (q) query = query.where(containsText(['fees.concept'], q))
  if (grade === 'all') query = query.where('fees.grade_id', 'is', null)
  else if (grade) query = query.where('fees.grade_id', '=', Number(grade))
  const rows = await query.orderBy('fees.end_date').orderBy('fees.id').limit(1000).execute()
  return c.json({
    data: await feeSummaries(c.get('deps').db, collegeOf(c), rows),
    currency: requireCollege(c).currency,
  })
})

feesRoutes.post('/api/v1/fees', async (c) => {
  const input = validate(c, feeInputSchema, await readJson(c))
  const ids = await createFees(c.get('deps').db, actorOf(c), input, requestLocale(c))
  return c.json({ ids }, 201)
})

feesRoutes.get('/api/v1/fees/:id{[0-9]+}', async (c) => c.json(await summaryOf(c, pathId(c.req.param('id')))))

feesRoutes.put('/api/v1/fees/:id{[0-9]+}', async (c) => {
  const fee = await liveFee(c.get('deps').db, collegeOf(c), pathId(c.req.param('id')))
  const input = validate(c, feeInputSchema, await readJson(c))
  const base = ifMatchOf(c.req.header('if-match'))
  if (base !== undefined && base !== String(fee.version)) throw new ApiError(409, messages.editConflict)
  await updateFee(c.get('deps').db, actorOf(c), fee, input)
  return c.json(await summaryOf(c, fee.id))
})

feesRoutes.delete('/api/v1/fees/:id{[0-9]+}', async (c) => {
  const fee = await liveFee(c.get('deps').db, collegeOf(c), pathId(c.req.param('id')))
  await deleteFee(c.get('deps').db, actorOf(c), fee)
  return c.body(null, 204)
})

/** Every student the fee applies to, with their adjustment and their payment. */
feesRoutes.get('/api/v1/fees/:id{[0-9]+}/students', async (c) => {
  const { db } = c.get('deps')
  const fee = await liveFee(db, collegeOf(c), pathId(c.req.param('id')))
  const scope = tenantScope(db, collegeOf(c))
  let students = scope
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .innerJoin('users', 'users.id', 'enrollments.student_id')
    .select(['users.id', 'users.name', 'users.first_lastname', 'courses.name as course_name'])
    .orderBy(foldedOrder('courses.name'))
    .orderBy(foldedOrder('users.first_lastname'))
    .orderBy(foldedOrder('users.name'))
  if (fee.grade_id !== null) students = students.where('courses.grade_id', '=', fee.grade_id)
  const [rows, adjustments, payments] = await Promise.all([
    students.execute(),
    scope.selectFrom('fee_adjustments').selectAll().where('fee_id', '=', fee.id).execute(),
    scope
      .selectFrom('payments')
      .select(['id', 'code', 'status', 'method', 'paid_at', 'amount', 'student_id', 'created_at'])
      .where('fee_id', '=', fee.id)
      .where('status', 'in', ['pending', 'approved', 'refunded'])
      .orderBy('created_at')
      .execute(),
  ])
  const adjustmentOf = new Map(adjustments.map((a) => [a.student_id, a]))
  const paymentOf = new Map(payments.map((p) => [p.student_id, p]))
  const seen = new Set<number>()
  const data: FeeStudentRow[] = []
  for (const r of rows) {
    if (seen.has(r.id)) continue
    seen.add(r.id)
    const a = adjustmentOf.get(r.id)
    const adjustment = a
      ? { kind: a.kind as 'discount' | 'exemption', discount: a.discount, reason: a.reason }
      : null
    const p = paymentOf.get(r.id)
    data.push({
      student_id: r.id,
      name: personName(r),
      course_name: r.course_name,
      due: dueAfter(fee.amount, adjustment),
      adjustment,
      payment: p
        ? {
            id: p.id,
            code: p.code,
            status: p.status as never,
            method: p.method as never,
            paid_at: p.paid_at,
            amount: p.amount,
          }
        : null,
    })
  }
  return c.json({ data })
})

const adjustmentBody = v.omit(adjustmentInputSchema, ['student_id'])

feesRoutes.put('/api/v1/fees/:id{[0-9]+}/adjustments/:student{[0-9]+}', async (c) => {
  const fee = await liveFee(c.get('deps').db, collegeOf(c), pathId(c.req.param('id')))
  const input = validate(c, adjustmentBody, await readJson(c))
  await setAdjustment(c.get('deps').db, actorOf(c), fee, {
    ...input,
    student_id: pathId(c.req.param('student')),
  })
  return c.body(null, 204)
})

feesRoutes.delete('/api/v1/fees/:id{[0-9]+}/adjustments/:student{[0-9]+}', async (c) => {
  const fee = await liveFee(c.get('deps').db, collegeOf(c), pathId(c.req.param('id')))
  await removeAdjustment(c.get('deps').db, actorOf(c), fee, pathId(c.req.param('student')))
  return c.body(null, 204)
})
