// What the payments area needs from a payment provider. The amount is always the server's; the outcome
// is always what the provider confirms (commit or status), never what the browser's return says.

export type ProviderId = 'test' | 'webpay'

export type CheckoutRequest = {
  /** Our payment's code, unique per college (Webpay: `buy_order`, at most 26 characters). */
  buyOrder: string
  /** Ties the checkout to the payer's session (Webpay: `session_id`, at most 61 characters). */
  sessionId: string
  /** Integer amount in the college's currency (CLP has no decimals). */
  amount: number
  /** Where the provider sends the payer back (our server's return endpoint). */
  returnUrl: string
}

/** Where to send the payer: the browser POSTs `token_ws=<token>` to `url` (Webpay's form redirect). */
export type CheckoutRedirect = { token: string; url: string }

export type ProviderOutcome = {
  /** `pending`: the provider has not finished it yet (the payer is still on its page). */
  status: 'approved' | 'rejected' | 'pending'
  amount: number
  buyOrder: string
  authorizationCode: string | null
  /** Last four digits of the card, when the provider says. */
  cardLast4: string | null
  /** The provider's own payment type (Webpay: VD debit, VN credit, …). */
  paymentType: string | null
  /** The provider's response code, kept for support (Webpay: 0 is approved). */
  responseCode: number | null
}

export class ProviderError extends Error {
  /** `unreachable`: no answer or a timeout (try again later); `refused`: the provider said no. */
  readonly kind: 'unreachable' | 'refused'

  // A plain field, not a parameter property: Node runs the server by stripping types, which has none.
  constructor(kind: 'unreachable' | 'refused', message: string) {
    super(message)
    this.kind = kind
    this.name = 'ProviderError'
  }
}

export interface PaymentProvider {
  readonly id: ProviderId
  create(request: CheckoutRequest): Promise<CheckoutRedirect>
  /** Confirms the payment after the payer returns. Calling it twice for a token must not pay twice. */
  commit(token: string): Promise<ProviderOutcome>
  /** The provider's current view of a checkout (used when commit fails or was already done). */
  status(token: string): Promise<ProviderOutcome>
}
