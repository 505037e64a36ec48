// The browsers that asked for push messages: the server's public key to subscribe with, and the
// subscription each one hands back.
import { Hono } from 'hono'
import * as v from 'valibot'
import { plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { requireAuth, requireCollegeMember } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { validationError } from '../../platform/errors.ts'
import { isAllowedEndpoint, isValidPushKeys, pushSenderFor } from '../../platform/push.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'

export const pushSubscriptionsRoutes = new Hono<AppEnv>()

const base64url = (max: number) =>
  v.pipe(
    plainString(),
    v.maxLength(max, message(messages.tooLong)),
    v.regex(/^[\w-]+=*$/, message(messages.fieldRequired)),
  )

const subscriptionSchema = v.object({
  endpoint: v.pipe(plainString(), v.maxLength(2000, message(messages.tooLong))),
  keys: v.object({ p256dh: base64url(200), auth: base64url(100) }),
})
const endpointSchema = v.object({
  endpoint: v.pipe(plainString(), v.maxLength(2000, message(messages.tooLong))),
})

pushSubscriptionsRoutes.get('/api/v1/push/key', requireAuth, requireCollegeMember, (c) => {
  const push = c.get('deps').push ?? pushSenderFor(c.get('deps').config)
  return c.json({ public_key: push.publicKey })
})

/**
 * Stores this browser's subscription for the signed-in person. An address already stored moves to
 * them: one browser, one subscription, and a shared device stops receiving the last person's.
 */
pushSubscriptionsRoutes.post('/api/v1/push/subscriptions', requireAuth, requireCollegeMember, async (c) => {
  const { user } = c.get('auth')
  const { endpoint, keys } = validate(c, subscriptionSchema, await readJson(c))
  if (!isAllowedEndpoint(endpoint, c.get('deps').config.pushAllowHttp))
    throw validationError({ endpoint: [messages.pushEndpointInvalid] })
  if (!isValidPushKeys(keys.p256dh, keys.auth))
    throw validationError({ keys: [messages.pushEndpointInvalid] })
  const { db } = c.get('deps')
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute()
    await tenantScope(trx, user.college_id!)
      .insertInto('push_subscriptions', {
        user_id: user.id,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        created_at: new Date().toISOString(),
      })
      .execute()
  })
  return c.json({ subscribed: true }, 201)
})

pushSubscriptionsRoutes.post(
  '/api/v1/push/subscriptions/remove',
  requireAuth,
  requireCollegeMember,
  async (c) => {
    const { user } = c.get('auth')
    const { endpoint } = validate(c, endpointSchema, await readJson(c))
    await tenantScope(c.get('deps').db, user.college_id!)
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', user.id)
      .execute()
    return c.json({ subscribed: false })
  },
)
