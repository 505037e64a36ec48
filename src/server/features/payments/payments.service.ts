// Paying a fee. The server computes the amount; a pending row reserves the fee for the student (the
// database refuses a second open payment); the provider is asked to commit and its answer, never the
// browser's return, settles the row. Settling is idempotent: a replayed return finds the row settled.
import type { Kysely } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { messages } from '#shared/i18n/messages.ts'
import { CHECKOUT_TIMEOUT_MINUTES, type CheckoutInput } from '#shared/payments.schema.ts'
import type { Database } from '../../db/schema.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppDeps, AuthUser, College } from '../../platform/context.ts'
import { ApiError, notFound } from '../../platform/errors.ts'
import { enqueueJob, registerJob } from '../../platform/jobs.ts'
import { pokeUsers } from '../../platform/live.ts'
import { logger } from '../../platform/logger.ts'
import { takeVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { ChangedMeanwhile, writeUnlessChanged } from '../../platform/versioned-write.ts'
import { isFamilyOf } from './fee-family.ts'
import {
  amountDue,
  familyIds,
  isUniqueViolation,
  openPayment,
  type PaymentRow,
  paymentCode,
} from './payment-rules.ts'
import type { PaymentProvider, ProviderOutcome } from './providers/payment-provider.ts'
import { ProviderError } from './providers/payment-provider.ts'
import { providerOf } from './providers/provider-of.ts'

export const EXPIRE_JOB = 'payment.expire'
export const RETURN_PATH = '/api/v1/payments/return'

export async function startCheckout(
  deps: AppDeps,
  user: AuthUser,
  college: College,
  input: CheckoutInput,
  origin: string,
): Promise<{ payment: PaymentRow; url: string; token: string }> {
  const { db } = deps
  const provider = providerOf(deps, college)
  if (!provider) throw new ApiError(409, messages.paymentsNotConfigured)
  if (!(await isFamilyOf(db, user, input.student_id))) throw notFound()
  const { due } = await amountDue(db, college.id, input.fee_id, input.student_id)

  const open = await openPayment(db, college.id, input.fee_id, input.student_id)
  if (open?.status === 'pending') {
    // Another guardian of the student is on the provider's page now: theirs is not taken from them.
    if (open.payer_id !== user.id && open.expires_at && open.expires_at > nowIso())
      throw new ApiError(409, messages.paymentUnderWay)
    // The payer's own earlier checkout left open (a closed tab): settle it first, so a payment made
    // there counts.
    const settled = await settle(deps, college, open, { abandon: true })
    if (settled.status === 'pending') throw new ApiError(503, messages.paymentProviderUnavailable)
    if (settled.status === 'approved') throw new ApiError(409, messages.feeAlreadyPaid)
  } else if (open) throw new ApiError(409, messages.feeAlreadyPaid)

  const now = nowIso()
  const payment: PaymentRow = {
    id: uuidv7(),
    college_id: college.id,
    code: paymentCode(),
    fee_id: input.fee_id,
    student_id: input.student_id,
    payer_id: user.id,
    recorded_by: null,
    amount: due,
    status: 'pending',
    method: 'online',
    provider: provider.id,
    provider_token: null,
    authorization_code: null,
    card_last4: null,
    payment_type: null,
    response_code: null,
    note: '',
    paid_at: null,
    expires_at: new Date(Date.now() + CHECKOUT_TIMEOUT_MINUTES * 60_000).toISOString(),
    version: 0,
    created_at: now,
    updated_at: now,
  }
  try {
    await db.transaction().execute(async (trx) => {
      const { college_id: _c, ...values } = payment
      await tenantScope(trx, college.id)
        .insertInto('payments', { ...values, version: await takeVersion(trx, college.id) })
        .execute()
      await enqueueJob(trx, {
        kind: EXPIRE_JOB,
        collegeId: college.id,
        payload: { payment_id: payment.id },
        runAt: payment.expires_at!,
      })
    })
  } catch (error) {
    // Two checkouts for the same fee at once: the database let one through.
    if (isUniqueViolation(error)) throw new ApiError(409, messages.paymentUnderWay)
    throw error
  }

  let redirect: { token: string; url: string }
  try {
    redirect = await provider.create({
      buyOrder: payment.code,
      sessionId: `u${user.id}`,
      amount: due,
      returnUrl: `${origin}${RETURN_PATH}`,
    })
  } catch (error) {
    await closeAsRejected(db, college.id, payment, null)
    if (error instanceof ProviderError && error.kind === 'refused')
      throw new ApiError(502, messages.paymentProviderRefused, { values: { reason: error.message } })
    logger.warn('payment provider did not answer a checkout', { error: String(error), payment: payment.id })
    throw new ApiError(503, messages.paymentProviderUnavailable)
  }
  await tenantScope(db, college.id)
    .updateTable('payments')
    .set({ provider_token: redirect.token })
    .where('id', '=', payment.id)
    .execute()
  return { payment: { ...payment, provider_token: redirect.token }, ...redirect }
}

async function closeAsRejected(
  db: Kysely<Database>,
  collegeId: number,
  payment: PaymentRow,
  outcome: ProviderOutcome | null,
): Promise<PaymentRow> {
  return writeOutcome(db, collegeId, payment, {
    status: 'rejected',
    response_code: outcome?.responseCode ?? null,
  })
}

/** Moves a pending payment to its outcome, once: a racing settle finds it no longer pending. */
async function writeOutcome(
  db: Kysely<Database>,
  collegeId: number,
  payment: PaymentRow,
  change: Partial<PaymentRow> & { status: string },
): Promise<PaymentRow> {
  const now = nowIso()
  const written = await writeUnlessChanged(db, async (trx) => {
    const version = await takeVersion(trx, collegeId)
    const done = await tenantScope(trx, collegeId)
      .updateTable('payments')
      .set({ ...change, version, updated_at: now, expires_at: null })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) === 0) throw new ChangedMeanwhile()
  })
  const row = await tenantScope(db, collegeId)
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', payment.id)
    .executeTakeFirstOrThrow()
  if (written) pokeUsers(collegeId, await familyIds(db, collegeId, payment.student_id))
  return row
}

/**
 * The provider's word on a pending payment. `abandon`: the payer left (or the time ran out), so a
 * checkout the provider still calls unfinished ends as rejected instead of staying pending.
 */
export async function settle(
  deps: AppDeps,
  college: College,
  payment: PaymentRow,
  options: { abandon: boolean },
): Promise<PaymentRow> {
  if (payment.status !== 'pending') return payment
  const provider = payment.provider === college.payment_provider ? providerOf(deps, college) : null
  if (!payment.provider_token || !provider)
    return options.abandon ? closeAsRejected(deps.db, college.id, payment, null) : payment
  let outcome: ProviderOutcome
  try {
    outcome = await confirm(provider, payment.provider_token, options.abandon)
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'refused' && options.abandon)
      return closeAsRejected(deps.db, college.id, payment, null)
    logger.warn('payment provider could not confirm a payment', { error: String(error), payment: payment.id })
    return payment
  }
  if (outcome.status === 'pending')
    return options.abandon ? closeAsRejected(deps.db, college.id, payment, outcome) : payment
  if (
    outcome.status === 'approved' &&
    (outcome.amount !== payment.amount || outcome.buyOrder !== payment.code)
  ) {
    // Never seen, and never to be trusted: an approval for another amount or order.
    logger.error('payment provider approved a different amount or order', { payment: payment.id, outcome })
    return closeAsRejected(deps.db, college.id, payment, outcome)
  }
  if (outcome.status === 'rejected') return closeAsRejected(deps.db, college.id, payment, outcome)
  return writeOutcome(deps.db, college.id, payment, {
    status: 'approved',
    paid_at: nowIso(),
    authorization_code: outcome.authorizationCode,
    card_last4: outcome.cardLast4,
    payment_type: outcome.paymentType,
    response_code: outcome.responseCode,
  })
}

/**
 * Commit, and when the provider refuses it (already committed by a racing return, or never finished)
 * ask for the status instead. An abandoned checkout is only asked about: nothing is committed for a
 * payer who left.
 */
async function confirm(provider: PaymentProvider, token: string, abandon: boolean): Promise<ProviderOutcome> {
  if (abandon) return provider.status(token)
  try {
    return await provider.commit(token)
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'refused') return provider.status(token)
    throw error
  }
}

/** The payer came back from the provider: `token` for a finished checkout, `buyOrder` for one left. */
export async function finishReturn(
  deps: AppDeps,
  college: College,
  params: { token?: string; abortedToken?: string; buyOrder?: string; sessionId?: string },
): Promise<PaymentRow | null> {
  const scope = tenantScope(deps.db, college.id)
  if (params.token && !params.abortedToken) {
    const payment = await scope
      .selectFrom('payments')
      .selectAll()
      .where('provider_token', '=', params.token)
      .executeTakeFirst()
    return payment ? settle(deps, college, payment, { abandon: false }) : null
  }
  const left = params.abortedToken
    ? await scope
        .selectFrom('payments')
        .selectAll()
        .where('provider_token', '=', params.abortedToken)
        .executeTakeFirst()
    : params.buyOrder
      ? await scope.selectFrom('payments').selectAll().where('code', '=', params.buyOrder).executeTakeFirst()
      : undefined
  // A timed-out form names the order and the session it was started with; both must match.
  if (left && !params.abortedToken && params.sessionId !== `u${left.payer_id}`) return left
  return left ? settle(deps, college, left, { abandon: true }) : null
}

registerJob(EXPIRE_JOB, async (deps, job) => {
  const { payment_id } = job.payload as { payment_id: string }
  const college = await deps.db
    .selectFrom('colleges')
    .selectAll()
    .where('id', '=', job.collegeId!)
    .executeTakeFirst()
  if (!college) return
  const payment = await tenantScope(deps.db, college.id)
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', payment_id)
    .executeTakeFirst()
  if (payment?.status !== 'pending') return
  const settled = await settle(deps, college, payment, { abandon: true })
  // The provider did not answer: the job runs again later rather than leave the fee reserved.
  if (settled.status === 'pending') throw new Error('payment provider unreachable; will retry')
})
