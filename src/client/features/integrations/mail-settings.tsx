// /admin/integrations: the college's outgoing mail server. The password is never shown again once
// saved; "Send a test mail" talks to the server with what is on the screen and says what it answered.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { MailCheck, Send } from 'lucide-react'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import * as v from 'valibot'
import { email } from '#shared/fields.schema.ts'
import {
  type MailSettings,
  type MailSettingsInput,
  type MailTestResult,
  mailSettingsSchema,
  SMTP_SECURITIES,
} from '#shared/integrations.schema.ts'
import { api, isNetworkError } from '../../platform/api.ts'
import { useRemote } from '../../platform/remote.ts'
import { userAtom } from '../../platform/session.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Button } from '../../ui/button.tsx'
import { Checkbox } from '../../ui/checkbox.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { Radio, RadioGroup } from '../../ui/radio-group.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { TextField } from '../../ui/text-field.tsx'

const FIELDS = ['host', 'port', 'security', 'user', 'password', 'from_address', 'from_name'] as const

function valuesOf(s: MailSettings): MailSettingsInput {
  return {
    host: s.host,
    port: s.port,
    security: s.security,
    user: s.user,
    password: '',
    clear_password: false,
    from_address: s.from_address,
    from_name: s.from_name,
  }
}

export function MailSettingsPage() {
  const { t } = useLingui()
  const remote = useRemote<MailSettings>('api/v1/integrations/mail')
  return (
    <>
      <PageHeader
        title={t`Integrations`}
        description={t`The services the college works with: the mail server its messages go out through, and online payments of fees.`}
      />
      <RemoteContent
        status={remote.data ? 'ready' : remote.status}
        error={remote.error}
        onRetry={remote.reload}
        loading={<SkeletonList count={2} label={t`Loading…`} />}
      >
        {remote.data && <MailForm settings={remote.data} onSaved={remote.set} />}
      </RemoteContent>
    </>
  )
}

function MailForm({ settings, onSaved }: { settings: MailSettings; onSaved: (s: MailSettings) => void }) {
  const { t } = useLingui()
  const me = useAtomValue(userAtom)
  const form = useServerForm<MailSettingsInput, MailSettings>({
    schema: mailSettingsSchema,
    defaultValues: valuesOf(settings),
    fields: FIELDS,
    save: (values) => api.put('api/v1/integrations/mail', { json: values }).json<MailSettings>(),
    valuesAfter: valuesOf,
    onSaved,
    savedText: t`The mail settings have been saved.`,
  })
  const [to, setTo] = useState(me?.email ?? '')
  const [toError, setToError] = useState<string>()
  const [testing, setTesting] = useState(false)
  const [result, setResult] = useState<MailTestResult>()
  const e = form.formState.errors
  const clearing = form.watch('clear_password')

  const test = async () => {
    setResult(undefined)
    const address = v.safeParse(email, to)
    if (!address.success) return setToError(address.issues[0].message)
    setToError(undefined)
    if (!(await form.trigger())) return
    setTesting(true)
    try {
      setResult(
        await api
          .post('api/v1/integrations/mail/test', { json: { ...form.getValues(), to: address.output } })
          .json<MailTestResult>(),
      )
    } catch (error) {
      setResult({
        ok: false,
        message: isNetworkError(error)
          ? t`The test needs a connection to the app’s server. Try again when you are online.`
          : t`The test could not run. Please try again.`,
        answer: '',
      })
    } finally {
      setTesting(false)
    }
  }
  const securityNames = {
    starttls: t`STARTTLS (usually port 587)`,
    tls: t`TLS from the start (usually port 465)`,
    none: t`None (only inside a trusted network)`,
  }
  return (
    <>
      <form onSubmit={form.submit} noValidate className="card flex flex-col gap-5 p-5 sm:p-6">
        <FormAlert>{form.formError}</FormAlert>
        {!settings.host && (
          <FormAlert tone="info">
            <Trans>
              No mail server yet: mails are kept as files on the app’s server instead of being sent.
            </Trans>
          </FormAlert>
        )}
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <TextField
            label={t`Mail server`}
            placeholder="smtp.example.cl"
            error={e.host?.message}
            {...form.register('host')}
          />
          <TextField
            label={t`Port`}
            inputMode="numeric"
            error={e.port?.message}
            {...form.register('port', { setValueAs: (value) => (value === '' ? undefined : Number(value)) })}
          />
        </div>
        <Controller
          control={form.control}
          name="security"
          render={({ field }) => (
            <RadioGroup
              label={t`Security`}
              value={field.value ?? 'starttls'}
              onChange={field.onChange}
              error={e.security?.message}
            >
              {SMTP_SECURITIES.map((s) => (
                <Radio key={s} value={s}>
                  {securityNames[s]}
                </Radio>
              ))}
            </RadioGroup>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`User name`}
            autoComplete="off"
            error={e.user?.message}
            {...form.register('user')}
          />
          <TextField
            label={t`Password`}
            type="password"
            autoComplete="new-password"
            disabled={clearing}
            placeholder={settings.has_password ? t`Saved: leave empty to keep it` : ''}
            hint={t`Kept encrypted. It is never shown again.`}
            error={e.password?.message}
            {...form.register('password')}
          />
        </div>
        {settings.has_password && (
          <Controller
            control={form.control}
            name="clear_password"
            render={({ field }) => (
              <Checkbox isSelected={Boolean(field.value)} onChange={field.onChange}>
                {t`Forget the saved password`}
              </Checkbox>
            )}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Sender address`}
            type="email"
            placeholder="secretaria@colegio.cl"
            error={e.from_address?.message}
            {...form.register('from_address')}
          />
          <TextField
            label={t`Sender name`}
            placeholder={t`Office of the college`}
            error={e.from_name?.message}
            {...form.register('from_name')}
          />
        </div>
        <Button type="submit" busy={form.formState.isSubmitting} className="self-start">
          <Trans>Save settings</Trans>
        </Button>
      </form>
      <section aria-labelledby="test-heading" className="card flex flex-col gap-4 p-5 sm:p-6">
        <h2 id="test-heading" className="flex items-center gap-2 text-lg font-semibold">
          <MailCheck aria-hidden="true" className="size-5" />
          <Trans>Send a test mail</Trans>
        </h2>
        <p className="text-muted">
          <Trans>Uses the settings above, saved or not, and shows what the mail server answers.</Trans>
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label={t`Send it to`}
            type="email"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={toError}
            className="min-w-64 flex-1"
          />
          <AriaButton variant="secondary" onPress={() => void test()} isPending={testing}>
            <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t`Send a test mail`}
          </AriaButton>
        </div>
        {result && (
          <FormAlert tone={result.ok ? 'success' : 'error'}>
            <p>{result.message}</p>
            {result.answer && (
              <p className="mt-1 font-mono text-sm break-all" dir="ltr">
                {result.answer}
              </p>
            )}
          </FormAlert>
        )}
      </section>
      {form.guard}
    </>
  )
}
