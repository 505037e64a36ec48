import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { forgotPasswordSchema } from '#shared/auth.schema.ts'
import { api } from '../../platform/api.ts'
import { applyServerErrors, clearingFirst } from '../../platform/form-errors.ts'
import { Button } from '../../ui/button.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { useLightForm } from '../../ui/use-light-form.ts'

export function ForgotPasswordForm({ email = '', onBack }: { email?: string; onBack: () => void }) {
  const { t } = useLingui()
  const [sent, setSent] = useState<string>()
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, setError, formState } = useLightForm(forgotPasswordSchema, { email })
  const submit = handleSubmit(async (values) => {
    try {
      const body = await api.post('api/forgot-password-user', { json: values }).json<{ message: string }>()
      setSent(body.message)
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, ['email'], {
          offline: t`This needs a connection. Please try again when you are online.`,
          failed: t`Something went wrong. Please try again.`,
        }),
      )
    }
  })
  if (sent) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">{sent}</FormAlert>
        <Button variant="secondary" onClick={onBack}>
          <Trans>Back to sign in</Trans>
        </Button>
      </div>
    )
  }
  return (
    <form
      onSubmit={clearingFirst(() => setFormError(undefined), submit)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t`Recover your password`}
    >
      <p>
        <Trans>Enter your email and we will send you a link to choose a new password.</Trans>
      </p>
      <FormAlert>{formError}</FormAlert>
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" busy={formState.isSubmitting}>
        <Trans>Send the link</Trans>
      </Button>
      <button type="button" onClick={onBack} className="link self-start text-sm">
        <Trans>Back to sign in</Trans>
      </button>
    </form>
  )
}
