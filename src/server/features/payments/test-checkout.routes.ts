// The built-in test provider's checkout page API. It stands where a real provider's pages would, so
// it asks for no sign-in: the token is the checkout's secret, as it is at Webpay.
import { Hono } from 'hono'
import * as v from 'valibot'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import type { AppEnv } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { requireCollege } from '../../platform/tenancy.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { decideTestCheckout, testCheckoutOf } from './providers/test-provider.ts'

export const testCheckoutRoutes = new Hono<AppEnv>()

function tokenOf(value: string | undefined): string {
  if (!value || !/^[0-9a-f]{48}$/.test(value)) throw notFound()
  return value
}

testCheckoutRoutes.get('/api/v1/payments/test-checkout/:token', async (c) => {
  const college = requireCollege(c)
  const checkout = await testCheckoutOf(c.get('deps').db, college.id, tokenOf(c.req.param('token')))
  if (!checkout) throw notFound()
  return c.json({
    college: college.name,
    amount: checkout.amount,
    currency: college.currency,
    buy_order: checkout.buy_order,
    decided: checkout.decision !== null,
  })
})

const decisionSchema = v.object({
  decision: v.picklist(['approve', 'reject'] as const, message(messages.fieldRequired)),
})

testCheckoutRoutes.post('/api/v1/payments/test-checkout/:token', async (c) => {
  const college = requireCollege(c)
  const token = tokenOf(c.req.param('token'))
  const { decision } = validate(c, decisionSchema, await readJson(c))
  const decided = await decideTestCheckout(c.get('deps').db, college.id, token, decision)
  if (!decided) throw notFound()
  return c.json({ return_url: decided.returnUrl, token })
})
