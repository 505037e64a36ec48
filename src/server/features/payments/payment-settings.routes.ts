// The payments part of /admin/integrations: which provider the college uses, its Webpay credentials
// (the API key encrypted at rest with APP_KEY, never sent back), and the RUT printed on receipts.
import { type Context, Hono } from 'hono'
import { messages } from '#shared/i18n/messages.ts'
import { type PaymentSettings, paymentSettingsSchema } from '#shared/payments.schema.ts'
import { formatRut, isValidRut } from '#shared/rut.ts'
import { actorOf, audit } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv, College } from '../../platform/context.ts'
import { validationError } from '../../platform/errors.ts'
import { encryptSecret } from '../../platform/secrets.ts'
import { readJson, validate } from '../../platform/validate.ts'

export const paymentSettingsRoutes = new Hono<AppEnv>()
const PATH = '/api/v1/integrations/payments'
paymentSettingsRoutes.use(PATH, requireAuth, requireCollegeMember, requirePermission('integrations.manage'))

async function currentCollege(c: Context<AppEnv>): Promise<College> {
  const { db } = c.get('deps')
  return db
    .selectFrom('colleges')
    .selectAll()
    .where('id', '=', c.get('auth').user.college_id!)
    .executeTakeFirstOrThrow()
}

function settingsDto(c: Context<AppEnv>, college: College): PaymentSettings {
  return {
    provider: college.payment_provider as PaymentSettings['provider'],
    test_allowed: c.get('deps').config.testPayments,
    webpay_commerce_code: college.webpay_commerce_code ?? '',
    has_webpay_api_key: Boolean(college.webpay_api_key_enc),
    webpay_environment: college.webpay_environment === 'production' ? 'production' : 'integration',
    rut: college.rut,
    currency: college.currency,
  }
}

paymentSettingsRoutes.get(PATH, async (c) => c.json(settingsDto(c, await currentCollege(c))))

paymentSettingsRoutes.put(PATH, async (c) => {
  const input = validate(c, paymentSettingsSchema, await readJson(c))
  const college = await currentCollege(c)
  const errors: Record<string, (typeof messages.fieldRequired)[]> = {}
  if (input.provider === 'test' && !c.get('deps').config.testPayments)
    errors.provider = [messages.testProviderNotAllowed]
  if (input.rut && !isValidRut(input.rut)) errors.rut = [messages.rutInvalid]
  const production = input.webpay_environment === 'production'
  if (input.provider === 'webpay' && production) {
    if (!input.webpay_commerce_code) errors.webpay_commerce_code = [messages.fieldRequired]
    if (!input.webpay_api_key && !college.webpay_api_key_enc) errors.webpay_api_key = [messages.fieldRequired]
  }
  if (input.webpay_commerce_code && !/^\d{12}$/.test(input.webpay_commerce_code))
    errors.webpay_commerce_code = [messages.webpayCommerceCode]
  if (Object.keys(errors).length) throw validationError(errors)
  const actor = actorOf(c)
  const { db } = c.get('deps')
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('colleges')
      .set({
        payment_provider: input.provider,
        webpay_commerce_code: input.webpay_commerce_code || null,
        webpay_environment: input.webpay_environment,
        ...(input.webpay_api_key
          ? { webpay_api_key_enc: encryptSecret(input.webpay_api_key, c.get('deps').config.appKey) }
          : {}),
        rut: input.rut ? formatRut(input.rut) : '',
        updated_at: nowIso(),
      })
      .where('id', '=', actor.collegeId)
      .execute()
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'integrations.payments_updated',
      subjectType: 'college',
      subjectId: actor.collegeId,
      details: {
        provider: input.provider,
        environment: input.webpay_environment,
        api_key_changed: Boolean(input.webpay_api_key),
      },
      ip: actor.ip,
    })
  })
  return c.json(settingsDto(c, await currentCollege(c)))
})
