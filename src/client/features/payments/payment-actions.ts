// Starting a checkout and opening receipts. The payer leaves the app for the provider's page the way
// the provider expects it: Webpay takes a form POST of `token_ws`; the built-in test provider's page
// is one of ours and takes the token in its address.
import type { CheckoutStart } from '#shared/payments.schema.ts'
import { api } from '../../platform/api.ts'
import { cachedPrivateFile } from '../../platform/cached-file.ts'

export const RECEIPTS_CACHE = 'payment-receipts'

export async function startCheckout(feeId: number, studentId: number): Promise<void> {
  const start = await api
    .post('api/v1/payments/checkout', { json: { fee_id: feeId, student_id: studentId } })
    .json<CheckoutStart>()
  goToProvider(start.url, start.token)
}

export function goToProvider(url: string, token: string): void {
  if (url.startsWith('/')) {
    window.location.assign(`${url}?token_ws=${encodeURIComponent(token)}`)
    return
  }
  postTo(url, { token_ws: token })
}

/** A top-level form POST (what Webpay and our return endpoint expect), built without inline script. */
export function postTo(url: string, fields: Record<string, string>): void {
  const form = document.createElement('form')
  form.method = 'POST'
  form.action = url
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.append(input)
  }
  document.body.append(form)
  form.submit()
}

/** The receipt's PDF: from this device once it has been opened, else from the server (then kept). */
export async function receiptBlob(paymentId: string): Promise<Blob | undefined> {
  return cachedPrivateFile(RECEIPTS_CACHE, `/api/v1/payments/${paymentId}/receipt`)
}
