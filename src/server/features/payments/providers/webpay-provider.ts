// Webpay Plus (Transbank, Chile) through the official SDK. Transbank's answer to commit or status is the
// only truth about a payment; the browser's return only tells us which token to ask about.
import { Environment, Options, WebpayPlus } from 'transbank-sdk'
import {
  type CheckoutRedirect,
  type CheckoutRequest,
  type PaymentProvider,
  ProviderError,
  type ProviderOutcome,
} from './payment-provider.ts'

export type WebpaySettings = {
  commerceCode: string
  apiKey: string
  environment: 'integration' | 'production'
  /** Replaces the environment's address (tests point the SDK at a local stand-in). */
  baseUrl?: string
}

// The SDK waits ten minutes by default; a payer on our return page should not.
const DEFAULT_TIMEOUT_MS = 30_000

// Transbank's own limits: checking them here turns a bad request into a clear refusal, without a round trip.
const LIMITS = { buyOrder: 26, sessionId: 61, returnUrl: 255, token: 64 } as const

type WebpayTransaction = {
  status?: string
  response_code?: number | null
  amount?: number
  buy_order?: string
  authorization_code?: string | null
  payment_type_code?: string | null
  card_detail?: { card_number?: string | null } | null
}

export function webpayProvider(
  settings: WebpaySettings,
  options: { timeoutMs?: number } = {},
): PaymentProvider {
  const url =
    settings.baseUrl ??
    (settings.environment === 'production' ? Environment.Production : Environment.Integration)
  const tx = new WebpayPlus.Transaction(
    new Options(settings.commerceCode, settings.apiKey, url, options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  )

  return {
    id: 'webpay',
    async create(request: CheckoutRequest): Promise<CheckoutRedirect> {
      checkLength('buy order', request.buyOrder, LIMITS.buyOrder)
      checkLength('session id', request.sessionId, LIMITS.sessionId)
      checkLength('return URL', request.returnUrl, LIMITS.returnUrl)
      if (!Number.isInteger(request.amount) || request.amount <= 0) {
        throw new ProviderError('refused', `The amount must be a positive whole number: ${request.amount}`)
      }
      const answer = await call(() =>
        tx.create(request.buyOrder, request.sessionId, request.amount, request.returnUrl),
      )
      if (typeof answer?.token !== 'string' || typeof answer?.url !== 'string') {
        throw new ProviderError('unreachable', 'Webpay answered create without a token and URL')
      }
      return { token: answer.token, url: answer.url }
    },
    async commit(token: string): Promise<ProviderOutcome> {
      checkLength('token', token, LIMITS.token)
      return outcomeOf(await call(() => tx.commit(token)))
    },
    async status(token: string): Promise<ProviderOutcome> {
      checkLength('token', token, LIMITS.token)
      return outcomeOf(await call(() => tx.status(token)))
    },
  }
}

function checkLength(what: string, value: string, max: number): void {
  if (!value || value.length > max) {
    throw new ProviderError('refused', `Webpay needs a ${what} of 1 to ${max} characters`)
  }
}

function outcomeOf(answer: WebpayTransaction | undefined): ProviderOutcome {
  if (typeof answer?.status !== 'string' || typeof answer.amount !== 'number') {
    throw new ProviderError('unreachable', 'Webpay answered without a status and amount')
  }
  const responseCode = typeof answer.response_code === 'number' ? answer.response_code : null
  const status =
    answer.status === 'AUTHORIZED' && responseCode === 0
      ? 'approved'
      : answer.status === 'INITIALIZED'
        ? 'pending'
        : 'rejected'
  const cardNumber = answer.card_detail?.card_number
  return {
    status,
    amount: answer.amount,
    buyOrder: answer.buy_order ?? '',
    authorizationCode: answer.authorization_code || null,
    // Transbank sends only the last four digits; slicing makes sure a full number is never stored.
    cardLast4: cardNumber ? cardNumber.slice(-4) : null,
    paymentType: answer.payment_type_code || null,
    responseCode,
  }
}

// The SDK's TransbankError keeps neither the HTTP status nor the cause: its message is
// "<axios error>\n<Transbank's error_message or 'Unexpected error'>\n". Under the CommonJS build that Node
// loads, `instanceof TransbankError` is false too (ES5 subclass of Error), so only the name and the
// message tell what happened.
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TransbankError') throw error
    const [first = '', detail = ''] = error.message.split('\n')
    const status = Number(/status code (\d{3})/.exec(first)?.[1] ?? 0)
    if (status >= 400 && status < 500) throw new ProviderError('refused', detail || first)
    throw new ProviderError(
      'unreachable',
      status ? `Webpay answered ${status}` : `Webpay did not answer: ${first}`,
    )
  }
}
