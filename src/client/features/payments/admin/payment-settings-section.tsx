// The payments part of /admin/integrations: which provider families pay through, the college's Webpay
// Plus credentials (the API key is never sent back: a new one replaces it, an empty field keeps it),
// and the RUT printed on receipts.
import { Trans, useLingui } from '@lingui/react/macro'
import { CreditCard } from 'lucide-react'
import { useRef } from 'react'
import { Controller } from 'react-hook-form'
import {
  type PaymentSettings,
  type PaymentSettingsInput,
  paymentSettingsSchema,
} from '#shared/payments.schema.ts'
import { api } from '../../../platform/api.ts'
import { useRemote } from '../../../platform/remote.ts'
import { Button } from '../../../ui/button.tsx'
import { FormAlert } from '../../../ui/form-alert.tsx'
import { RemoteContent } from '../../../ui/list-status.tsx'
import { Radio, RadioGroup } from '../../../ui/radio-group.tsx'
import { useServerForm } from '../../../ui/server-form.tsx'
import { SkeletonList } from '../../../ui/skeleton.tsx'
import { TextField } from '../../../ui/text-field.tsx'

const FIELDS = ['provider', 'webpay_environment', 'webpay_commerce_code', 'webpay_api_key', 'rut'] as const
const WEBPAY_FIELDS: readonly string[] = ['webpay_environment', 'webpay_commerce_code', 'webpay_api_key']
/** The radio for "no provider" (the API's null). */
const OFF = 'off'

function valuesOf(s: PaymentSettings): PaymentSettingsInput {
  return {
    provider: s.provider,
    webpay_environment: s.webpay_environment,
    webpay_commerce_code: s.webpay_commerce_code,
    webpay_api_key: '',
    rut: s.rut,
  }
}

export function PaymentSettingsSection() {
  const { t } = useLingui()
  const remote = useRemote<PaymentSettings>('api/v1/integrations/payments')
  return (
    <section aria-labelledby="payments-heading" className="card flex flex-col gap-5 p-5 sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id="payments-heading" className="flex items-center gap-2 text-lg font-semibold">
          <CreditCard aria-hidden="true" className="size-5" />
          <Trans>Online payments</Trans>
        </h2>
        <p className="text-muted">
          <Trans>
            How families pay their fees from the app. Payments taken at the school office are recorded
            whatever is chosen here.
          </Trans>
        </p>
      </div>
      <RemoteContent
        status={remote.data ? 'ready' : remote.status}
        error={remote.error}
        onRetry={remote.reload}
        loading={<SkeletonList count={1} label={t`Loading…`} />}
      >
        {remote.data && <PaymentSettingsForm settings={remote.data} onSaved={remote.set} />}
      </RemoteContent>
    </section>
  )
}

function PaymentSettingsForm({
  settings,
  onSaved,
}: {
  settings: PaymentSettings
  onSaved: (settings: PaymentSettings) => void
}) {
  const { t } = useLingui()
  // A message about a Webpay field while those fields are hidden goes to the form's alert instead.
  const webpayShown = useRef(settings.provider === 'webpay')
  const form = useServerForm<PaymentSettingsInput, PaymentSettings>({
    schema: paymentSettingsSchema,
    defaultValues: valuesOf(settings),
    fields: (field) =>
      (FIELDS as readonly string[]).includes(field) &&
      (webpayShown.current || !WEBPAY_FIELDS.includes(field)),
    save: (values) => api.put('api/v1/integrations/payments', { json: values }).json<PaymentSettings>(),
    valuesAfter: valuesOf,
    onSaved,
    savedText: t`The payment settings have been saved.`,
  })
  const e = form.formState.errors
  const provider = form.watch('provider')
  const environment = form.watch('webpay_environment')
  webpayShown.current = provider === 'webpay'
  // The test provider is offered only where the server allows it (never where real money moves); a
  // college that still has it chosen sees it, so the form says what is set.
  const offerTest = settings.test_allowed || settings.provider === 'test'
  return (
    <form onSubmit={form.submit} noValidate className="flex flex-col gap-5">
      <FormAlert>{form.formError}</FormAlert>
      {settings.provider === 'test' && !settings.test_allowed && (
        <FormAlert tone="warning">
          {t`The test provider is chosen, but this server does not allow it: families cannot pay online until Webpay Plus is set up.`}
        </FormAlert>
      )}
      <Controller
        control={form.control}
        name="provider"
        render={({ field }) => (
          <RadioGroup
            label={t`Payment provider`}
            value={field.value ?? OFF}
            onChange={(value) => field.onChange(value === OFF ? null : value)}
            hint={
              settings.test_allowed
                ? undefined
                : t`The test provider is not offered: this server handles real payments.`
            }
            error={e.provider?.message}
          >
            <Radio value={OFF}>{t`Off: families pay at the school office`}</Radio>
            {offerTest && (
              <Radio value="test">{t`Test provider (demonstrations only: no money moves)`}</Radio>
            )}
            <Radio value="webpay">{t`Webpay Plus (Transbank): cards from the app`}</Radio>
          </RadioGroup>
        )}
      />
      {provider === 'webpay' && (
        <fieldset className="flex flex-col gap-4 rounded-2xl p-4 ring-1 ring-slate-200 dark:ring-slate-700">
          <legend className="px-1 font-semibold">
            <Trans>Webpay Plus</Trans>
          </legend>
          <Controller
            control={form.control}
            name="webpay_environment"
            render={({ field }) => (
              <RadioGroup
                label={t`Environment`}
                value={field.value ?? 'integration'}
                onChange={field.onChange}
                error={e.webpay_environment?.message}
              >
                <Radio value="integration">
                  {t`Integration: Transbank’s test environment, with test cards only`}
                </Radio>
                <Radio value="production">{t`Production: real payments`}</Radio>
              </RadioGroup>
            )}
          />
          {environment !== 'production' && (
            <FormAlert tone="info">
              {t`With the commerce code and the API key left empty, the integration environment uses Transbank’s public test credentials.`}
            </FormAlert>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t`Commerce code`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              dir="ltr"
              placeholder="597012345678"
              hint={t`The 12 digits Transbank gave the college.`}
              error={e.webpay_commerce_code?.message}
              {...form.register('webpay_commerce_code')}
            />
            <TextField
              label={t`API key`}
              type="password"
              autoComplete="new-password"
              dir="ltr"
              placeholder={settings.has_webpay_api_key ? t`Saved: leave empty to keep it` : ''}
              hint={
                settings.has_webpay_api_key
                  ? t`A key is saved. Leave this empty to keep it, or type a new one to replace it.`
                  : t`Kept encrypted. It is never shown again.`
              }
              error={e.webpay_api_key?.message}
              {...form.register('webpay_api_key')}
            />
          </div>
        </fieldset>
      )}
      <TextField
        label={t`College RUT`}
        autoComplete="off"
        dir="ltr"
        placeholder="76.543.210-3"
        hint={t`Printed on every receipt.`}
        error={e.rut?.message}
        className="sm:max-w-xs"
        {...form.register('rut')}
      />
      <Button type="submit" busy={form.formState.isSubmitting} className="self-start">
        <Trans>Save payment settings</Trans>
      </Button>
      {form.guard}
    </form>
  )
}
