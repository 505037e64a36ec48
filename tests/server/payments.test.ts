// Fees and payments through the real HTTP API: what each family sees, what a checkout charges, the
// test provider's flow end to end (replayed, raced, rejected, abandoned), Webpay through the SDK against
// a local stand-in, and the school office's side (fees, adjustments, hand-recorded payments, refunds,
// the list, the CSV, the summary and the provider settings).
import { IntegrationApiKeys } from 'transbank-sdk'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { paymentMessages as pm } from '#shared/i18n/payment-messages.ts'
import type {
  AdminPayment,
  CollectionSummary,
  FeeStudentRow,
  FeeSummaryRow,
  PaymentOutcome,
  PaymentSettings,
} from '#shared/payments.schema.ts'
import { parseCsv } from '../../src/server/platform/csv.ts'
import { body, collegeIdOf, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import {
  adjust,
  type CheckoutStarted,
  checkout,
  countByHand,
  createFee,
  createFees,
  decide,
  familyMirror,
  feeIdOf,
  feeInput,
  outcomeOf,
  paymentRows,
  payWithTestProvider,
  recordPayment,
  returnFromProvider,
  startCheckout,
  todayAt,
} from './helpers/payments.ts'
import { addUserLike, enrol, linkGuardian } from './helpers/people.ts'
import { courseIdOf, type DemoIds, demoIds } from './helpers/posts.ts'
import { pullAll } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'
import { startWebpayStandIn, type WebpayStandIn } from './helpers/webpay-stand-in.ts'

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'

/** The demo's own payments for Tomás: the enrolment fee by transfer, last month's tuition online. */
const TOMAS_ENROLMENT_PAYMENT = '00000000-0000-7000-a000-000000000001'
const SUCCESS = /^\/payments\/PaymentSuccess\?p=[0-9a-f-]{36}&e=\d+&d=inline&s=[\w-]+$/
const FAILED = /^\/payments\/PaymentFailed\?p=[0-9a-f-]{36}&e=\d+&d=inline&s=[\w-]+$/

describe(`fees and payments for families (${dialect})`, () => {
  let t: TestApp
  let ids: DemoIds
  const tok: Record<string, string> = {}
  const uid: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp()
    ids = await demoIds(t)
    for (const who of ['admin', 'guardian', 'student', 'student2']) {
      tok[who] = await t.login(`${who}@demo.test`)
      uid[who] = await userIdOf(t.db, `${who}@demo.test`)
    }
    // Isidora's family: a guardian of her own.
    uid.guardian2 = await addUserLike(t, 'guardian@demo.test', 'guardian2@demo.test', 'Patricia')
    await linkGuardian(t, uid.guardian2, uid.student2!)
    tok.guardian2 = await t.login('guardian2@demo.test')
  })
  afterAll(() => t.close())

  /** The demo's enrolment fee, for the whole college (paid for Tomás, not yet for Isidora). */
  const enrolmentFee = async () =>
    (
      await t.db
        .selectFrom('fees')
        .select('id')
        .where('college_id', '=', ids.collegeId)
        .where('type', '=', 'enrolment')
        .executeTakeFirstOrThrow()
    ).id

  /** The live fees of the whole college and of one grade, from the table. */
  const feeIdsOfGrade = async (gradeId: number) =>
    new Set(
      (
        await t.db
          .selectFrom('fees')
          .select('id')
          .where('college_id', '=', ids.collegeId)
          .where('deleted_at', 'is', null)
          .where((eb) => eb.or([eb('grade_id', 'is', null), eb('grade_id', '=', gradeId)]))
          .execute()
      ).map((f) => f.id),
    )

  describe('what each family sees', () => {
    it('a guardian’s mirror holds the fees of the whole college and of his children’s grades, with only his children and what they owe', async () => {
      const forSecondGrade = await createFee(t, tok.admin!, {
        concept: 'Salida 2° Básico',
        grade_id: ids.grade2,
      })
      const { fees } = await familyMirror(t, tok.guardian!)
      expect(new Set(fees.keys())).toEqual(await feeIdsOfGrade(ids.grade1))
      expect(fees.has(forSecondGrade)).toBe(false)

      const materials = await feeIdOf(t, 'Materiales de arte')
      for (const fee of fees.values()) {
        const due = fee.id === materials ? fee.amount - 5_000 : fee.amount
        expect(fee.students).toEqual([
          {
            student_id: uid.student,
            name: 'Tomás Apoderada',
            due,
            adjustment:
              fee.id === materials ? { kind: 'discount', discount: 5_000, reason: 'Beca de hermanos' } : null,
          },
        ])
      }
      expect(fees.get(materials)?.students[0]?.due).toBe(10_000)
    })

    it('each family’s mirror holds its own payments and never another family’s', async () => {
      // Isidora's enrolment, paid at the office.
      const recorded = await recordPayment(t, tok.admin!, {
        id: uuidv7(),
        fee_id: await enrolmentFee(),
        student_id: uid.student2!,
        paid_on: await todayAt(t, ids.collegeId),
      })
      expect(recorded.status).toBe(201)
      const paymentIdsOf = async (studentId: number) =>
        (await t.db.selectFrom('payments').select('id').where('student_id', '=', studentId).execute())
          .map((p) => p.id)
          .sort()

      const gabriela = await familyMirror(t, tok.guardian!)
      expect([...gabriela.payments.keys()].sort()).toEqual(await paymentIdsOf(uid.student!))
      expect(gabriela.payments.size).toBe(2)
      expect(gabriela.payments.get(TOMAS_ENROLMENT_PAYMENT)).toMatchObject({
        status: 'approved',
        method: 'transfer',
        amount: 120_000,
        student_name: 'Tomás Apoderada',
      })

      const patricia = await familyMirror(t, tok.guardian2!)
      expect([...patricia.payments.keys()].sort()).toEqual(await paymentIdsOf(uid.student2!))
      for (const id of await paymentIdsOf(uid.student!)) expect(patricia.payments.has(id)).toBe(false)
      // Her fees are the whole college's and 2° Básico's, each for Isidora alone.
      expect(new Set(patricia.fees.keys())).toEqual(await feeIdsOfGrade(ids.grade2))
      for (const fee of patricia.fees.values())
        expect(fee.students.map((s) => s.student_id)).toEqual([uid.student2])
      // Isidora herself sees the same payments as her guardian.
      expect([...(await familyMirror(t, tok.student2!)).payments.keys()].sort()).toEqual(
        await paymentIdsOf(uid.student2!),
      )
    })

    it('a college on another host sees its own fees and none of the demo’s', async () => {
      const betaId = await collegeIdOf(t.db, 'beta')
      const betaGuardian = await userIdOf(t.db, 'guardian@beta.test', 'beta')
      const pupil = await addUserLike(t, 'guardian@beta.test', 'pupil@beta.test', 'Pia', 'beta')
      await enrol(t, pupil, await courseIdOf(t, '7A'))
      await linkGuardian(t, betaGuardian, pupil)
      const betaAdmin = await t.login('admin@beta.test', 'beta.localhost')
      const created = await t.request('POST', '/api/v1/fees', {
        host: 'beta.localhost',
        token: betaAdmin,
        json: feeInput({ concept: 'Term fee' }),
      })
      expect(created.status).toBe(201)
      const [betaFee] = (await body<{ ids: number[] }>(created)).ids

      const grace = await familyMirror(
        t,
        await t.login('guardian@beta.test', 'beta.localhost'),
        'beta.localhost',
      )
      expect([...grace.fees.keys()]).toEqual([betaFee])
      expect(grace.fees.get(betaFee!)?.students.map((s) => s.student_id)).toEqual([pupil])
      expect(grace.payments.size).toBe(0)
      expect(await t.db.selectFrom('fees').select('id').where('college_id', '=', betaId).execute()).toEqual([
        { id: betaFee },
      ])

      // Beta's office cannot read the demo's payments, even knowing an id.
      const receipt = await t.request('GET', `/api/v1/payments/${TOMAS_ENROLMENT_PAYMENT}/receipt`, {
        host: 'beta.localhost',
        token: betaAdmin,
      })
      expect(receipt.status).toBe(404)
      const list = await t.request('GET', '/api/v1/payments', { host: 'beta.localhost', token: betaAdmin })
      expect((await body<{ data: AdminPayment[] }>(list)).data).toEqual([])
    })

    it('a family cannot open another family’s receipt, nor the school’s fee and payment lists', async () => {
      const other = await t.request('GET', `/api/v1/payments/${TOMAS_ENROLMENT_PAYMENT}/receipt`, {
        token: tok.guardian2,
      })
      expect(other.status).toBe(404)
      const own = await t.request('GET', `/api/v1/payments/${TOMAS_ENROLMENT_PAYMENT}/receipt`, {
        token: tok.guardian,
      })
      expect(own.status).toBe(200)
      for (const path of [
        '/api/v1/fees',
        '/api/v1/payments',
        '/api/v1/payments/export.csv',
        '/api/v1/payments/summary',
      ]) {
        expect((await t.request('GET', path, { token: tok.guardian })).status, path).toBe(403)
      }
    })
  })

  describe('what a checkout charges', () => {
    it('the checkout charges the fee less the student’s discount, whatever amount the browser sends', async () => {
      const materials = await feeIdOf(t, 'Materiales de arte')
      const res = await checkout(t, tok.guardian!, materials, uid.student!, { amount: 1, discount: 15_000 })
      expect(res.status).toBe(201)
      const started = await body<CheckoutStarted>(res)
      const [payment] = await paymentRows(t, materials, uid.student!)
      expect(payment).toMatchObject({
        id: started.payment_id,
        status: 'pending',
        amount: 10_000,
        method: 'online',
      })
      // The provider is asked for the same amount: its page shows it.
      const page = await t.request('GET', `/api/v1/payments/test-checkout/${started.token}`)
      expect(await body(page)).toEqual({
        college: 'Colegio Demo',
        amount: 10_000,
        currency: 'CLP',
        buy_order: payment!.code,
        decided: false,
      })
    })

    it('an exempt student has nothing to pay', async () => {
      const fee = await createFee(t, tok.admin!, { grade_id: ids.grade1 })
      expect((await adjust(t, tok.admin!, fee, uid.student!, { kind: 'exemption' })).status).toBe(204)
      const res = await checkout(t, tok.guardian!, fee, uid.student!)
      expect(res.status).toBe(409)
      expect((await body<ErrorBody>(res)).message).toBe(pm.feeNothingDue.message)
      expect(await paymentRows(t, fee, uid.student!)).toEqual([])
    })

    it('a fee of another grade cannot be paid for a child who is not in it', async () => {
      const fee = await createFee(t, tok.admin!, { grade_id: ids.grade2 })
      const res = await checkout(t, tok.guardian!, fee, uid.student!)
      expect(res.status).toBe(422)
      expect((await body<ErrorBody>(res)).errors).toEqual({ fee_id: [pm.feeNotForStudent.message] })
    })

    it('a family cannot pay (nor learn about) a fee for someone else’s child', async () => {
      const res = await checkout(t, tok.guardian!, await enrolmentFee(), uid.student2!)
      expect(res.status).toBe(404)
    })
  })

  describe('paying with the test provider', () => {
    it('a family pays online: approved, shown without names on the outcome page, in the next sync, with a PDF receipt', async () => {
      const fee = await createFee(t, tok.admin!, {
        concept: 'Paseo de fin de año',
        amount: 42_000,
        grade_id: ids.grade1,
      })
      const { cursor } = await pullAll(t, tok.guardian!)
      const started = await startCheckout(t, tok.guardian!, fee, uid.student!)
      expect(started.url).toBe('/payments/test-checkout')
      const [pending] = await paymentRows(t, fee, uid.student!)
      expect(pending).toMatchObject({ status: 'pending', amount: 42_000 })

      // The test provider's page (no sign-in: the token is the secret) shows the order, then the choice.
      const providerPage = () => t.request('GET', `/api/v1/payments/test-checkout/${started.token}`)
      expect(await body(await providerPage())).toMatchObject({
        amount: 42_000,
        buy_order: pending!.code,
        decided: false,
      })
      const decided = await decide(t, started.token, 'approve')
      expect(await body(decided)).toEqual({
        return_url: 'http://localhost/api/v1/payments/return',
        token: started.token,
      })
      expect(await body(await providerPage())).toMatchObject({ decided: true })
      // Only the return settles it: approving on the provider's page is not yet a payment.
      expect((await paymentRows(t, fee, uid.student!))[0]?.status).toBe('pending')
      const back = await returnFromProvider(t, { token_ws: started.token })
      expect(back.status).toBe(303)
      const location = back.headers.get('location')!
      expect(location).toMatch(SUCCESS)
      expect(new URL(location, 'http://localhost').searchParams.get('p')).toBe(started.payment_id)

      const outcome = await outcomeOf(t, location)
      expect(outcome.status).toBe(200)
      const shown = await body<PaymentOutcome>(outcome)
      expect(shown).toMatchObject({
        status: 'approved',
        code: pending!.code,
        concept: 'Paseo de fin de año',
        amount: 42_000,
        currency: 'CLP',
        college: 'Colegio Demo',
        card_last4: '4242',
      })
      expect(Object.keys(shown).sort()).toEqual([
        'amount',
        'authorization_code',
        'card_last4',
        'code',
        'college',
        'concept',
        'currency',
        'paid_at',
        'status',
      ])
      expect(JSON.stringify(shown)).not.toMatch(/Tomás|Gabriela|Apoderada/)
      // The address is signed for this payment: pointed at another one, it shows nothing.
      expect((await outcomeOf(t, location.replace(started.payment_id, TOMAS_ENROLMENT_PAYMENT))).status).toBe(
        404,
      )

      const next = await pullAll(t, tok.guardian!, { since: cursor })
      const synced = next.changes.filter((c) => c.collection === 'payments' && c.id === started.payment_id)
      expect(synced.at(-1)).toMatchObject({
        op: 'put',
        data: {
          status: 'approved',
          amount: 42_000,
          concept: 'Paseo de fin de año',
          payer_name: 'Gabriela Apoderada',
          card_last4: '4242',
        },
      })

      const receipt = await t.request('GET', `/api/v1/payments/${started.payment_id}/receipt`, {
        token: tok.guardian,
      })
      expect(receipt.status).toBe(200)
      expect(receipt.headers.get('content-type')).toBe('application/pdf')
      expect(
        Buffer.from(await receipt.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-')
    })

    it('a replayed return settles the payment once, one after another or all at once, and the fee is then paid', async () => {
      const fee = await createFee(t, tok.admin!, { grade_id: ids.grade1 })
      const paid = await payWithTestProvider(t, tok.guardian!, fee, uid.student!)
      expect(paid.location).toMatch(SUCCESS)
      const [settled] = await paymentRows(t, fee, uid.student!)

      const replays = [
        await returnFromProvider(t, { token_ws: paid.token }),
        await returnFromProvider(t, { token_ws: paid.token }),
        ...(await Promise.all([1, 2, 3].map(() => returnFromProvider(t, { token_ws: paid.token })))),
      ]
      for (const replay of replays) {
        expect(replay.status).toBe(303)
        expect(replay.headers.get('location')).toMatch(SUCCESS)
      }
      const rows = await paymentRows(t, fee, uid.student!)
      expect(rows).toHaveLength(1)
      // Untouched since it was settled: no second commit wrote over it.
      expect(rows[0]).toMatchObject({
        status: 'approved',
        version: settled!.version,
        updated_at: settled!.updated_at,
        paid_at: settled!.paid_at,
      })

      const again = await checkout(t, tok.guardian!, fee, uid.student!)
      expect(again.status).toBe(409)
      expect((await body<ErrorBody>(again)).message).toBe(pm.feeAlreadyPaid.message)
    })

    it('returns racing for a just-approved checkout commit it once and all land on PaymentSuccess', async () => {
      const fee = await createFee(t, tok.admin!, { grade_id: ids.grade1 })
      const started = await startCheckout(t, tok.guardian!, fee, uid.student!)
      await decide(t, started.token, 'approve')
      const returns = await Promise.all(
        [1, 2, 3, 4].map(() => returnFromProvider(t, { token_ws: started.token })),
      )
      for (const back of returns) expect(back.headers.get('location')).toMatch(SUCCESS)
      const rows = await paymentRows(t, fee, uid.student!)
      expect(rows.map((r) => r.status)).toEqual(['approved'])
      const provider = await t.db
        .selectFrom('test_checkouts')
        .select('committed_at')
        .where('token', '=', started.token)
        .executeTakeFirstOrThrow()
      expect(provider.committed_at).not.toBeNull()
    })

    it('a rejected payment lands on PaymentFailed, and the fee can be paid again', async () => {
      const fee = await createFee(t, tok.admin!, { grade_id: ids.grade1 })
      const rejected = await payWithTestProvider(t, tok.guardian!, fee, uid.student!, 'reject')
      expect(rejected.status).toBe(303)
      expect(rejected.location).toMatch(FAILED)
      expect(await body<PaymentOutcome>(await outcomeOf(t, rejected.location))).toMatchObject({
        status: 'rejected',
        paid_at: null,
      })
      const retried = await payWithTestProvider(t, tok.guardian!, fee, uid.student!)
      expect(retried.location).toMatch(SUCCESS)
      expect((await paymentRows(t, fee, uid.student!)).map((r) => r.status)).toEqual(['rejected', 'approved'])
    })

    it('a checkout the payer abandons ends rejected and frees the fee', async () => {
      const fee = await createFee(t, tok.admin!, { grade_id: ids.grade1 })
      const started = await startCheckout(t, tok.guardian!, fee, uid.student!)
      const [pending] = await paymentRows(t, fee, uid.student!)
      const back = await returnFromProvider(t, { TBK_TOKEN: started.token, TBK_ORDEN_COMPRA: pending!.code })
      expect(back.status).toBe(303)
      expect(back.headers.get('location')).toMatch(FAILED)
      expect((await paymentRows(t, fee, uid.student!)).map((r) => r.status)).toEqual(['rejected'])
      expect((await checkout(t, tok.guardian!, fee, uid.student!)).status).toBe(201)
    })

    it("a form that timed out ends rejected only when its session is the payer's", async () => {
      const fee = await createFee(t, tok.admin!, { grade_id: ids.grade1 })
      await startCheckout(t, tok.guardian!, fee, uid.student!)
      const [pending] = await paymentRows(t, fee, uid.student!)
      // Someone who learnt the order code alone cannot end another family's checkout.
      await returnFromProvider(t, { TBK_ORDEN_COMPRA: pending!.code, TBK_ID_SESION: 'u1' })
      expect((await paymentRows(t, fee, uid.student!)).map((r) => r.status)).toEqual(['pending'])
      const back = await returnFromProvider(t, {
        TBK_ORDEN_COMPRA: pending!.code,
        TBK_ID_SESION: `u${uid.guardian}`,
      })
      expect(back.headers.get('location')).toMatch(FAILED)
      expect((await paymentRows(t, fee, uid.student!)).map((r) => r.status)).toEqual(['rejected'])
    })

    it("another guardian's checkout in progress is not taken from them", async () => {
      const fee = await createFee(t, tok.admin!, { grade_id: ids.grade1 })
      const father = await addUserLike(t, 'guardian@demo.test', `padre${Date.now()}@demo.test`, 'Pablo')
      await linkGuardian(t, father, uid.student!)
      await startCheckout(t, tok.guardian!, fee, uid.student!)
      const second = await checkout(
        t,
        await t.login(
          (await t.db.selectFrom('users').select('email').where('id', '=', father).executeTakeFirstOrThrow())
            .email,
        ),
        fee,
        uid.student!,
      )
      expect(second.status).toBe(409)
      expect((await body<ErrorBody>(second)).message).toBe(pm.paymentUnderWay.message)
      expect((await paymentRows(t, fee, uid.student!)).map((r) => r.status)).toEqual(['pending'])
    })

    it('two checkouts at once for the same fee leave one pending payment, which can be paid', async () => {
      const fee = await createFee(t, tok.admin!, { grade_id: ids.grade1 })
      const answers = await Promise.all([
        checkout(t, tok.guardian!, fee, uid.student!),
        checkout(t, tok.guardian!, fee, uid.student!),
      ])
      for (const answer of answers) expect([201, 409]).toContain(answer.status)
      expect(answers.some((a) => a.status === 201)).toBe(true)
      const open = (await paymentRows(t, fee, uid.student!)).filter((r) => r.status === 'pending')
      expect(open).toHaveLength(1)

      await decide(t, open[0]!.provider_token!, 'approve')
      const back = await returnFromProvider(t, { token_ws: open[0]!.provider_token! })
      expect(back.headers.get('location')).toMatch(SUCCESS)
    })
  })
})

describe(`paying through Webpay (${dialect})`, () => {
  const BASE = '/rswebpaytransaction/api/webpay/v1.2/transactions'
  let standIn: WebpayStandIn
  let t: TestApp
  let ids: DemoIds
  let admin: string
  let guardian: string
  let guardianId: number
  let tomas: number
  beforeAll(async () => {
    standIn = await startWebpayStandIn()
    t = await createTestApp({ webpayBaseUrl: standIn.url })
    ids = await demoIds(t)
    admin = await t.login('admin@demo.test')
    guardian = await t.login('guardian@demo.test')
    guardianId = await userIdOf(t.db, 'guardian@demo.test')
    tomas = await userIdOf(t.db, 'student@demo.test')
    // Webpay's integration environment, with no credentials of the school's own.
    const settings = await t.request('PUT', '/api/v1/integrations/payments', {
      token: admin,
      json: { provider: 'webpay', webpay_environment: 'integration' },
      headers: EN,
    })
    expect(settings.status).toBe(200)
    expect(await body<PaymentSettings>(settings)).toMatchObject({
      provider: 'webpay',
      webpay_environment: 'integration',
      has_webpay_api_key: false,
    })
  })
  afterAll(async () => {
    await t.close()
    await standIn.close()
  })
  beforeEach(() => {
    standIn.script.setMode('normal')
    standIn.requests.length = 0
  })

  const sent = (method: string) => standIn.requests.filter((r) => r.method === method)

  it('a family pays through Webpay: the server’s amount and order, Transbank’s public test credentials, one commit', async () => {
    const fee = await createFee(t, admin, { amount: 33_000, grade_id: ids.grade1 })
    expect((await adjust(t, admin, fee, tomas, { kind: 'discount', discount: 3_000 })).status).toBe(204)
    const res = await checkout(t, guardian, fee, tomas, { amount: 1, return_url: 'https://example.com/' })
    expect(res.status).toBe(201)
    const started = await body<CheckoutStarted>(res)
    expect(started.url).toBe(`${standIn.url}/webpayserver/initTransaction`)
    const [pending] = await paymentRows(t, fee, tomas)
    expect(pending).toMatchObject({ status: 'pending', amount: 30_000, provider: 'webpay' })

    const [create] = sent('POST')
    expect(sent('POST')).toHaveLength(1)
    expect(create!.path).toBe(BASE)
    expect(create!.headers['tbk-api-key-id']).toBe('597055555532')
    expect(create!.headers['tbk-api-key-secret']).toBe(IntegrationApiKeys.WEBPAY)
    expect(create!.body).toEqual({
      buy_order: pending!.code,
      session_id: `u${guardianId}`,
      amount: 30_000,
      return_url: 'http://localhost/api/v1/payments/return',
    })
    expect((create!.body as { return_url: string }).return_url.endsWith('/api/v1/payments/return')).toBe(true)

    const back = await returnFromProvider(t, { token_ws: started.token })
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toMatch(SUCCESS)
    for (let i = 0; i < 2; i++)
      expect((await returnFromProvider(t, { token_ws: started.token })).headers.get('location')).toMatch(
        SUCCESS,
      )
    expect(sent('PUT').map((r) => r.path)).toEqual([`${BASE}/${started.token}`])
    expect(await paymentRows(t, fee, tomas)).toMatchObject([
      {
        status: 'approved',
        amount: 30_000,
        authorization_code: '1213',
        card_last4: '6623',
        response_code: 0,
      },
    ])
  })

  it('a payment the bank rejects lands on PaymentFailed', async () => {
    const fee = await createFee(t, admin, { grade_id: ids.grade1 })
    const started = await startCheckout(t, guardian, fee, tomas)
    standIn.script.onCommit(started.token, 'rejected')
    const back = await returnFromProvider(t, { token_ws: started.token })
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toMatch(FAILED)
    expect(await paymentRows(t, fee, tomas)).toMatchObject([{ status: 'rejected', response_code: -1 }])
  })

  it('when Webpay fails, the family is told to try again and nothing stays reserved', async () => {
    const fee = await createFee(t, admin, { grade_id: ids.grade1 })
    standIn.script.setMode('fail')
    const res = await checkout(t, guardian, fee, tomas)
    expect(res.status).toBe(503)
    expect((await body<ErrorBody>(res)).message).toBe(pm.paymentProviderUnavailable.message)
    expect((await paymentRows(t, fee, tomas)).filter((r) => r.status === 'pending')).toEqual([])

    standIn.script.setMode('normal')
    expect((await checkout(t, guardian, fee, tomas)).status).toBe(201)
  })
})

describe(`fees and payments for the school office (${dialect})`, () => {
  let t: TestApp
  let ids: DemoIds
  let admin: string
  let guardian: string
  let tomas: number
  let isidora: number
  let today: string
  beforeAll(async () => {
    t = await createTestApp()
    ids = await demoIds(t)
    admin = await t.login('admin@demo.test')
    guardian = await t.login('guardian@demo.test')
    tomas = await userIdOf(t.db, 'student@demo.test')
    isidora = await userIdOf(t.db, 'student2@demo.test')
    today = await todayAt(t, ids.collegeId)
  })
  afterAll(() => t.close())

  const feeOf = async (id: number) =>
    body<FeeSummaryRow>(await t.request('GET', `/api/v1/fees/${id}`, { token: admin, headers: EN }))
  const studentsOf = async (id: number) =>
    (
      await body<{ data: FeeStudentRow[] }>(
        await t.request('GET', `/api/v1/fees/${id}/students`, { token: admin }),
      )
    ).data
  const payByHand = async (feeId: number, studentId: number, id = uuidv7()) => {
    const res = await recordPayment(t, admin, { id, fee_id: feeId, student_id: studentId, paid_on: today })
    if (res.status !== 201) throw new Error(`recording a payment failed: ${res.status} ${await res.text()}`)
    return body<AdminPayment>(res)
  }
  const refund = (paymentId: string) =>
    t.request('POST', `/api/v1/payments/${paymentId}/refund`, {
      token: admin,
      json: { note: 'Error' },
      headers: EN,
    })
  const editFee = (id: number, changes: Record<string, unknown>, version?: number) =>
    t.request('PUT', `/api/v1/fees/${id}`, {
      token: admin,
      json: changes,
      headers: { ...EN, ...(version === undefined ? {} : { 'if-match': `"${version}"` }) },
    })

  it('an admin creates a fee, and a monthly series makes ten fees a month apart', async () => {
    const single = await createFee(t, admin, {
      concept: 'Matrícula 2031',
      type: 'enrolment',
      amount: 150_000,
    })
    expect(await feeOf(single)).toMatchObject({
      concept: 'Matrícula 2031',
      amount: 150_000,
      grade_id: null,
      series_id: null,
      students: 2,
      due: 300_000,
      paid: 0,
      collected: 0,
      has_payments: false,
    })

    const series = await createFees(t, admin, {
      concept: 'Mensualidad 2031',
      type: 'tuition',
      amount: 90_000,
      grade_id: ids.grade1,
      init_date: '2031-03-01',
      end_date: '2031-03-10',
      monthly: true,
    })
    expect(series).toHaveLength(10)
    const list = await t.request('GET', `/api/v1/fees?q=${encodeURIComponent('Mensualidad 2031')}`, {
      token: admin,
    })
    const fees = (await body<{ data: FeeSummaryRow[] }>(list)).data
    expect(fees.map((f) => f.id).sort()).toEqual([...series].sort())
    const months = ['03', '04', '05', '06', '07', '08', '09', '10', '11', '12']
    expect(fees.map((f) => f.init_date)).toEqual(months.map((m) => `2031-${m}-01`))
    expect(fees.map((f) => f.end_date)).toEqual(months.map((m) => `2031-${m}-10`))
    expect(new Set(fees.map((f) => f.series_id)).size).toBe(1)
    expect(fees[0]!.series_id).not.toBeNull()
    expect(fees[0]!.concept).toBe('Mensualidad 2031 · March 2031')
    expect(new Set(fees.map((f) => f.concept)).size).toBe(10)
    expect(fees.every((f) => f.amount === 90_000 && f.grade_id === ids.grade1)).toBe(true)
  })

  it('a fee with a payment keeps its amount but may be renamed, and cannot be deleted', async () => {
    const id = await createFee(t, admin, { concept: 'Uniforme', amount: 20_000, grade_id: ids.grade1 })
    await payByHand(id, tomas)
    const fee = await feeOf(id)
    const input = {
      concept: 'Uniforme',
      type: fee.type,
      amount: 20_000,
      grade_id: ids.grade1,
      init_date: fee.init_date,
      end_date: fee.end_date,
    }

    const dearer = await editFee(id, { ...input, amount: 25_000 }, fee.version)
    expect(dearer.status).toBe(422)
    expect((await body<ErrorBody>(dearer)).errors).toEqual({ amount: [pm.feeAmountLocked.message] })

    const renamed = await editFee(id, { ...input, concept: 'Uniforme escolar' }, fee.version)
    expect(renamed.status).toBe(200)
    expect(await body<FeeSummaryRow>(renamed)).toMatchObject({ concept: 'Uniforme escolar', amount: 20_000 })

    // An edit made from the copy read before the rename is a conflict, not a silent overwrite.
    const stale = await editFee(id, { ...input, concept: 'Otro nombre' }, fee.version)
    expect(stale.status).toBe(409)
    expect((await feeOf(id)).concept).toBe('Uniforme escolar')

    const deleted = await t.request('DELETE', `/api/v1/fees/${id}`, { token: admin, headers: EN })
    expect(deleted.status).toBe(409)
    expect((await body<ErrorBody>(deleted)).message).toBe(pm.feeHasPayments.message)

    const unpaid = await createFee(t, admin)
    expect((await t.request('DELETE', `/api/v1/fees/${unpaid}`, { token: admin })).status).toBe(204)
    expect((await t.request('GET', `/api/v1/fees/${unpaid}`, { token: admin })).status).toBe(404)
  })

  it('a discount must leave something to pay, and an exemption leaves nothing due', async () => {
    const id = await createFee(t, admin, { amount: 30_000, grade_id: ids.grade1 })
    for (const discount of [30_000, 45_000, 0]) {
      const refused = await adjust(t, admin, id, tomas, { kind: 'discount', discount })
      expect(refused.status).toBe(422)
      expect((await body<ErrorBody>(refused)).errors).toEqual({ discount: [pm.discountTooLarge.message] })
    }
    expect((await adjust(t, admin, id, tomas, { kind: 'discount', discount: 12_000 })).status).toBe(204)
    expect(await studentsOf(id)).toMatchObject([{ student_id: tomas, due: 18_000 }])

    expect((await adjust(t, admin, id, tomas, { kind: 'exemption', reason: 'Convenio' })).status).toBe(204)
    expect(await studentsOf(id)).toMatchObject([
      { student_id: tomas, due: 0, adjustment: { kind: 'exemption', reason: 'Convenio' }, payment: null },
    ])
    // The family sees it too, and nothing can be recorded against it.
    const mirrored = (await familyMirror(t, guardian)).fees.get(id)
    expect(mirrored?.students).toMatchObject([{ student_id: tomas, due: 0 }])
    const recorded = await recordPayment(t, admin, {
      id: uuidv7(),
      fee_id: id,
      student_id: tomas,
      paid_on: today,
    })
    expect(recorded.status).toBe(409)
  })

  it('a payment recorded at the office counts once however often it is sent, and a refund frees the fee', async () => {
    const fee = await createFee(t, admin, { amount: 25_000, grade_id: ids.grade2 })
    const id = uuidv7()
    const first = await payByHand(fee, isidora, id)
    expect(first).toMatchObject({
      id,
      status: 'approved',
      method: 'cash',
      amount: 25_000,
      student_name: 'Isidora Pérez',
      recorded_by_name: 'Ana Administradora',
    })
    const again = await payByHand(fee, isidora, id)
    expect(again).toEqual(first)
    expect(await paymentRows(t, fee, isidora)).toHaveLength(1)

    const second = await recordPayment(t, admin, {
      id: uuidv7(),
      fee_id: fee,
      student_id: isidora,
      paid_on: today,
    })
    expect(second.status).toBe(409)
    expect((await body<ErrorBody>(second)).message).toBe(pm.feeAlreadyPaid.message)

    const refunded = await refund(id)
    expect(refunded.status).toBe(200)
    expect(await body<AdminPayment>(refunded)).toMatchObject({ id, status: 'refunded' })
    const twice = await refund(id)
    expect(twice.status).toBe(409)
    expect((await body<ErrorBody>(twice)).message).toBe(pm.refundOnlyApproved.message)

    const repaid = await payByHand(fee, isidora)
    expect(repaid.status).toBe('approved')
    expect((await paymentRows(t, fee, isidora)).map((p) => p.status)).toEqual(['refunded', 'approved'])
  })

  it('the payments list filters by status, grade and text, and pages with a cursor', async () => {
    const first = await createFee(t, admin, { concept: 'Taller de robótica I', grade_id: ids.grade1 })
    const second = await createFee(t, admin, { concept: 'Taller de robótica II', grade_id: ids.grade1 })
    const refundedFee = await createFee(t, admin, { concept: 'Taller de robótica III', grade_id: ids.grade1 })
    const otherGrade = await createFee(t, admin, { concept: 'Taller de robótica 2B', grade_id: ids.grade2 })
    const wanted = [(await payByHand(first, tomas)).id, (await payByHand(second, tomas)).id]
    await refund((await payByHand(refundedFee, tomas)).id)
    await payByHand(otherGrade, isidora)

    const seen: string[] = []
    let cursor = ''
    for (let page = 0; page < 5; page++) {
      const query = new URLSearchParams({
        status: 'approved',
        grade: String(ids.grade1),
        q: 'Robótica',
        limit: '1',
      })
      if (cursor) query.set('cursor', cursor)
      const res = await t.request('GET', `/api/v1/payments?${query}`, { token: admin })
      expect(res.status).toBe(200)
      const { data, next_cursor } = await body<{ data: AdminPayment[]; next_cursor: string | null }>(res)
      expect(data.length).toBeLessThanOrEqual(1)
      seen.push(...data.map((p) => p.id))
      if (!next_cursor) break
      cursor = next_cursor
    }
    // Newest first, each once.
    expect(seen).toEqual([...wanted].reverse())
  })

  it('the CSV export has a header and one line per payment, and a formula in a concept stays text', async () => {
    const fee = await createFee(t, admin, { concept: '=1+1 Cuota', grade_id: ids.grade1 })
    const payment = await payByHand(fee, tomas)
    const res = await t.request('GET', '/api/v1/payments/export.csv', { token: admin, headers: EN })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="payments-[\d-]+\.csv"$/)
    const text = (await res.text()).replace(/^\uFEFF/, '')
    const [header, ...lines] = parseCsv(text).map((r) => r.cells)
    expect(header).toEqual([
      'Code',
      'Date',
      'Concept',
      'Grade',
      'Student',
      'Paid by',
      'Amount',
      'Currency',
      'Status',
      'Method',
      'Authorization code',
    ])
    const payments = await t.db
      .selectFrom('payments')
      .select('code')
      .where('college_id', '=', ids.collegeId)
      .execute()
    expect(lines.map((l) => l[0]).sort()).toEqual(payments.map((p) => p.code).sort())
    const line = lines.find((l) => l[0] === payment.code)!
    expect(line[2]).toBe("'=1+1 Cuota")
    expect(line.slice(4, 10)).toEqual([
      'Tomás Apoderada',
      'Ana Administradora',
      '25000',
      'CLP',
      'Paid',
      'Cash',
    ])
  })

  it('the summary totals what is due and what came in per grade and per month, as counted from the tables', async () => {
    // 2032: a discounted tuition paid, a whole-college fee with an exemption and a refund, a 2° Básico
    // fee paid, and a deleted fee that counts for nothing.
    const tuition = await createFee(t, admin, {
      amount: 50_000,
      grade_id: ids.grade1,
      end_date: '2032-03-10',
    })
    await adjust(t, admin, tuition, tomas, { kind: 'discount', discount: 20_000 })
    await payByHand(tuition, tomas)
    const whole = await createFee(t, admin, { amount: 10_000, end_date: '2032-04-05' })
    await adjust(t, admin, whole, isidora, { kind: 'exemption' })
    await refund((await payByHand(whole, tomas)).id)
    await payByHand(
      await createFee(t, admin, { amount: 7_000, grade_id: ids.grade2, end_date: '2032-04-20' }),
      isidora,
    )
    const gone = await createFee(t, admin, { amount: 9_999, grade_id: ids.grade1, end_date: '2032-04-25' })
    await t.request('DELETE', `/api/v1/fees/${gone}`, { token: admin })

    const res = await t.request('GET', '/api/v1/payments/summary?year=2032', { token: admin })
    expect(res.status).toBe(200)
    const summary = await body<CollectionSummary>(res)
    const byHand = await countByHand(t, ids.collegeId, 2032)
    expect(
      summary.byGrade
        .map(({ grade_id, due, collected }) => ({ grade_id, due, collected }))
        .sort((a, b) => (a.grade_id ?? 0) - (b.grade_id ?? 0)),
    ).toEqual(byHand.byGrade)
    expect(summary.byMonth).toEqual(byHand.byMonth)
    expect(byHand.byMonth).toEqual([
      { month: '2032-03', due: 30_000, collected: 30_000 },
      { month: '2032-04', due: 17_000, collected: 7_000 },
    ])
    expect(summary.currency).toBe('CLP')
  })

  it('the summary without a year is this year’s in the college’s time zone; a year that is no year is a 422', async () => {
    await createFee(t, admin, { amount: 4_000, end_date: '2032-12-20' })
    // 02:30 on New Year's Day in UTC is still the evening of 31 December 2032 in Santiago (UTC-3).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2033-01-01T02:30:00Z') })
    try {
      const of2032 = await body(
        await t.request('GET', '/api/v1/payments/summary?year=2032', { token: admin }),
      )
      expect(of2032).not.toEqual(
        await body(await t.request('GET', '/api/v1/payments/summary?year=2033', { token: admin })),
      )
      for (const path of ['/api/v1/payments/summary', '/api/v1/payments/summary?year=']) {
        const res = await t.request('GET', path, { token: admin })
        expect(res.status, path).toBe(200)
        expect(await body(res), path).toEqual(of2032)
      }
    } finally {
      vi.useRealTimers()
    }
    for (const year of ['19', '1999', '20x5', '2032-01']) {
      const res = await t.request('GET', `/api/v1/payments/summary?year=${year}`, { token: admin })
      expect(res.status, year).toBe(422)
      expect(JSON.stringify(await body(res))).toContain('year')
    }
  })

  it('what is due follows the fee as it is now: an exemption survives a corrected amount, a student who changed grade stops counting', async () => {
    // Isidora exempt, then the amount corrected before anyone paid: Tomás owes the new amount, she nothing.
    const corrected = await createFee(t, admin, { amount: 30_000, end_date: '2033-03-10' })
    await adjust(t, admin, corrected, isidora, { kind: 'exemption' })
    const fee = await feeOf(corrected)
    const { concept, type, grade_id, init_date, end_date } = fee
    const edited = await editFee(corrected, { concept, type, grade_id, init_date, end_date, amount: 40_000 })
    expect(edited.status).toBe(200)
    expect(await feeOf(corrected)).toMatchObject({ students: 2, due: 40_000 })

    // Martina, with a discount in 1° Básico B, moves to 2° Básico A: the 1° Básico fee is Tomás's alone.
    const studentRole = await t.db
      .selectFrom('roles')
      .select('id')
      .where('college_id', '=', ids.collegeId)
      .where('key', '=', 'student')
      .executeTakeFirstOrThrow()
    const martina = {
      name: 'Martina',
      first_lastname: 'Rojas',
      email: 'martina@demo.test',
      role_id: studentRole.id,
      send_welcome: false,
    }
    const created = await t.request('POST', '/api/v1/users', {
      token: admin,
      json: { ...martina, course_id: await courseIdOf(t, '1° Básico B') },
    })
    expect(created.status).toBe(201)
    const martinaId = (await body<{ id: number }>(created)).id
    const workshop = await createFee(t, admin, {
      amount: 20_000,
      grade_id: ids.grade1,
      end_date: '2033-04-10',
    })
    await adjust(t, admin, workshop, martinaId, { kind: 'discount', discount: 5_000 })
    expect(await feeOf(workshop)).toMatchObject({ students: 2, due: 35_000 })
    const moved = await t.request('PUT', `/api/v1/users/${martinaId}`, {
      token: admin,
      json: { ...martina, course_id: await courseIdOf(t, '2° Básico A') },
    })
    expect(moved.status).toBe(200)
    expect(await feeOf(workshop)).toMatchObject({ students: 1, due: 20_000 })

    const summary = await body<CollectionSummary>(
      await t.request('GET', '/api/v1/payments/summary?year=2033', { token: admin }),
    )
    expect(summary.byMonth).toEqual((await countByHand(t, ids.collegeId, 2033)).byMonth)
  })
})

describe(`payment settings on a server without the test provider (${dialect})`, () => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await createTestApp({ testPayments: false })
    admin = await t.login('admin@demo.test')
  })
  afterAll(() => t.close())

  const save = (json: Record<string, unknown>) =>
    t.request('PUT', '/api/v1/integrations/payments', { token: admin, json, headers: EN })

  it('the test provider cannot be chosen, and a college still set to it takes no online payments', async () => {
    const refused = await save({ provider: 'test' })
    expect(refused.status).toBe(422)
    expect((await body<ErrorBody>(refused)).errors).toEqual({ provider: [pm.testProviderNotAllowed.message] })

    const materials = await feeIdOf(t, 'Materiales de arte')
    const res = await checkout(
      t,
      await t.login('guardian@demo.test'),
      materials,
      await userIdOf(t.db, 'student@demo.test'),
    )
    expect(res.status).toBe(409)
    expect((await body<ErrorBody>(res)).message).toBe(pm.paymentsNotConfigured.message)
  })

  it('the Webpay API key is kept encrypted and never sent back', async () => {
    const secret = 'sk-live-0123456789abcdef'
    const saved = await save({
      provider: 'webpay',
      webpay_environment: 'production',
      webpay_commerce_code: '597012345678',
      webpay_api_key: secret,
    })
    expect(saved.status).toBe(200)
    const text = await saved.text()
    expect(text).not.toContain(secret)
    expect(JSON.parse(text)).toMatchObject({
      provider: 'webpay',
      test_allowed: false,
      webpay_commerce_code: '597012345678',
      has_webpay_api_key: true,
      webpay_environment: 'production',
    })
    const read = await t.request('GET', '/api/v1/integrations/payments', { token: admin })
    expect(await read.text()).not.toContain(secret)
    const stored = await t.db
      .selectFrom('colleges')
      .select('webpay_api_key_enc')
      .where('slug', '=', 'demo')
      .executeTakeFirstOrThrow()
    expect(stored.webpay_api_key_enc).toBeTruthy()
    expect(stored.webpay_api_key_enc).not.toContain(secret)
  })
})
