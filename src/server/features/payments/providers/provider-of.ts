// Which provider a college pays through, from its settings in /admin/integrations.
import { IntegrationApiKeys, IntegrationCommerceCodes } from 'transbank-sdk'
import type { AppDeps, College } from '../../../platform/context.ts'
import { decryptSecret } from '../../../platform/secrets.ts'
import type { PaymentProvider } from './payment-provider.ts'
import { testProvider } from './test-provider.ts'
import { webpayProvider } from './webpay-provider.ts'

export const PROVIDER_LABELS = { test: 'Test provider', webpay: 'Webpay Plus' } as const

/** The college's provider, or null when it takes no online payments (or may not use the one chosen). */
export function providerOf(deps: AppDeps, college: College): PaymentProvider | null {
  if (college.payment_provider === 'test')
    return deps.config.testPayments ? testProvider(deps.db, college.id) : null
  if (college.payment_provider !== 'webpay') return null
  const production = college.webpay_environment === 'production'
  const apiKey = college.webpay_api_key_enc
    ? decryptSecret(college.webpay_api_key_enc, deps.config.appKey)
    : ''
  // Transbank's published test pair serves the integration environment when the school gave neither
  // (never half of it: a code of the school's with Transbank's key would only be refused).
  const testPair = !production && !college.webpay_commerce_code && !apiKey
  const commerceCode = testPair ? IntegrationCommerceCodes.WEBPAY_PLUS : (college.webpay_commerce_code ?? '')
  const key = testPair ? IntegrationApiKeys.WEBPAY : apiKey
  if (!commerceCode || !key) return null
  return webpayProvider({
    commerceCode,
    apiKey: key,
    environment: production ? 'production' : 'integration',
    baseUrl: deps.config.webpayBaseUrl,
  })
}
