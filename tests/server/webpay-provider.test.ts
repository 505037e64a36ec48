// Webpay Plus through the real transbank-sdk against a local stand-in: what is sent, how Transbank's
// answers map to outcomes, and which failures are "try later" (unreachable) and which are "no" (refused).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/server/features/payments/providers/payment-provider.ts'
import { webpayProvider } from '../../src/server/features/payments/providers/webpay-provider.ts'
import { startWebpayStandIn, type WebpayStandIn } from './helpers/webpay-stand-in.ts'

const COMMERCE_CODE = '597055555532'
const API_KEY = 'stand-in-secret'
const PATH = '/rswebpaytransaction/api/webpay/v1.2/transactions'

describe('webpay provider', () => {
  let standIn: WebpayStandIn
  let webpay: ReturnType<typeof webpayProvider>
  let n = 0
  const checkout = (
    over: Partial<{ buyOrder: string; sessionId: string; amount: number; returnUrl: string }> = {},
  ) => ({
    buyOrder: `O-${++n}`,
    sessionId: `S-${n}`,
    amount: 45_000,
    returnUrl: 'https://college.test/api/payments/webpay/return',
    ...over,
  })
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error as ProviderError,
    )

  beforeAll(async () => {
    standIn = await startWebpayStandIn()
    webpay = webpayProvider(
      { commerceCode: COMMERCE_CODE, apiKey: API_KEY, environment: 'integration', baseUrl: standIn.url },
      { timeoutMs: 300 },
    )
  })
  afterAll(() => standIn.close())
  beforeEach(() => {
    standIn.script.setMode('normal')
    standIn.requests.length = 0
  })

  it('create sends the credentials in headers and exactly our order, and returns the token and form URL', async () => {
    const request = checkout({ amount: 12_345 })
    const redirect = await webpay.create(request)

    expect(redirect.token).toMatch(/^[0-9a-f]{64}$/)
    expect(redirect.url).toBe(`${standIn.url}/webpayserver/initTransaction`)
    expect(standIn.requests).toHaveLength(1)
    const [sent] = standIn.requests
    expect(sent).toMatchObject({ method: 'POST', path: PATH })
    expect(sent?.headers['tbk-api-key-id']).toBe(COMMERCE_CODE)
    expect(sent?.headers['tbk-api-key-secret']).toBe(API_KEY)
    expect(sent?.body).toEqual({
      buy_order: request.buyOrder,
      session_id: request.sessionId,
      amount: 12_345,
      return_url: request.returnUrl,
    })
  })

  it('an approved commit maps to approved with the authorization code and the last four digits', async () => {
    const request = checkout()
    const { token } = await webpay.create(request)
    const outcome = await webpay.commit(token)

    expect(outcome).toEqual({
      status: 'approved',
      amount: request.amount,
      buyOrder: request.buyOrder,
      authorizationCode: '1213',
      cardLast4: '6623',
      paymentType: 'VN',
      responseCode: 0,
    })
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'PUT', path: `${PATH}/${token}` })
  })

  it('a commit the bank rejects maps to rejected', async () => {
    const { token } = await webpay.create(checkout())
    standIn.script.onCommit(token, 'rejected')

    expect(await webpay.commit(token)).toMatchObject({ status: 'rejected', responseCode: -1 })
    // Status afterwards tells the same story.
    expect(await webpay.status(token)).toMatchObject({ status: 'rejected', responseCode: -1 })
  })

  it('a second commit of a token is refused with Transbank’s message, and status still shows it approved', async () => {
    const { token } = await webpay.create(checkout())
    await webpay.commit(token)

    const error = await refusal(webpay.commit(token))
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ kind: 'refused', message: 'Transaction already locked by another process' })
    expect(await webpay.status(token)).toMatchObject({ status: 'approved', authorizationCode: '1213' })
  })

  it('status of a checkout the payer has not finished is pending', async () => {
    const request = checkout()
    const { token } = await webpay.create(request)

    expect(await webpay.status(token)).toEqual({
      status: 'pending',
      amount: request.amount,
      buyOrder: request.buyOrder,
      authorizationCode: null,
      cardLast4: null,
      paymentType: null,
      responseCode: null,
    })
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: `${PATH}/${token}` })
  })

  it('an unknown token is refused, not retried', async () => {
    const error = await refusal(webpay.status('f'.repeat(64)))
    expect(error).toMatchObject({ kind: 'refused', message: 'Invalid value for parameter: token' })
  })

  it('a 500 from Transbank is unreachable (try again later)', async () => {
    const { token } = await webpay.create(checkout())
    standIn.script.setMode('fail')

    expect(await refusal(webpay.commit(token))).toMatchObject({ kind: 'unreachable' })
    expect(await refusal(webpay.create(checkout()))).toMatchObject({ kind: 'unreachable' })
  })

  it('a Transbank that never answers is unreachable within the timeout', async () => {
    standIn.script.setMode('hang')
    const started = performance.now()

    const error = await refusal(webpay.create(checkout()))
    expect(error).toBeInstanceOf(ProviderError)
    expect(error?.kind).toBe('unreachable')
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(standIn.requests).toHaveLength(1)
  })

  it('a closed port is unreachable', async () => {
    const gone = await startWebpayStandIn()
    await gone.close()
    const offline = webpayProvider(
      { commerceCode: COMMERCE_CODE, apiKey: API_KEY, environment: 'integration', baseUrl: gone.url },
      { timeoutMs: 300 },
    )
    expect(await refusal(offline.status('f'.repeat(64)))).toMatchObject({ kind: 'unreachable' })
  })

  it('values over Webpay’s limits are refused before anything is sent', async () => {
    for (const over of [
      { buyOrder: 'B'.repeat(27) },
      { sessionId: 'S'.repeat(62) },
      { returnUrl: `https://college.test/${'r'.repeat(240)}` },
    ]) {
      expect(await refusal(webpay.create(checkout(over)))).toMatchObject({ kind: 'refused' })
    }
    expect(await refusal(webpay.commit('t'.repeat(65)))).toMatchObject({ kind: 'refused' })
    expect(standIn.requests).toHaveLength(0)
  })
})
