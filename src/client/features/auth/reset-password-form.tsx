import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type ResetPasswordInput, resetPasswordSchema } from '#shared/auth.schema.ts'
import { api, validationErrorsOf } from '../../platform/api.ts'
import { applyServerErrors, clearingFirst } from '../../platform/form-errors.ts'
import { Button } from '../../ui/button.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { TextField } from '../../ui/text-field.tsx'

/** Where a broken or expired link leads: the recovery form, with the address filled in. */
function AskAgain({ email }: { email: string }) {
  return (
    <ButtonLink
      to="/auth/login"
      search={{ forgot: email }}
      variant="secondary"
      size="sm"
      className="self-start"
    >
      <Trans>Ask for a new link</Trans>
    </ButtonLink>
  )
}

export function ResetPasswordForm({
  token,
  email,
  welcome = false,
}: {
  token: string
  email: string
  /** The link of a new account's welcome mail: the first password, not a reset. */
  welcome?: boolean
}) {
  const { t } = useLingui()
  const [done, setDone] = useState<string>()
  const [formError, setFormError] = useState<string>()
  const [linkError, setLinkError] = useState<string>()
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordInput>({
    resolver: valibotResolver(resetPasswordSchema),
    defaultValues: { token, email, password: '', password_confirmation: '' },
  })
  const submit = handleSubmit(async (values) => {
    try {
      const body = await api.post('api/reset-password', { json: values }).json<{ message: string }>()
      setDone(body.message)
    } catch (error) {
      // The link itself is the problem (used, replaced, expired): no password will fix it.
      const tokenError = validationErrorsOf(error)?.token?.[0]
      if (tokenError) return setLinkError(tokenError)
      setFormError(
        applyServerErrors(error, setError, ['password', 'password_confirmation'], {
          offline: t`This needs a connection. Please try again when you are online.`,
          failed: t`Something went wrong. Please try again.`,
        }),
      )
    }
  })
  if (!token || !email) {
    return (
      <FormAlert tone="warning" action={<AskAgain email={email} />}>
        <Trans>This link is incomplete. Open the link from the email again, or ask for a new one.</Trans>
      </FormAlert>
    )
  }
  if (linkError) {
    return (
      <FormAlert tone="error" action={<AskAgain email={email} />}>
        {linkError}
      </FormAlert>
    )
  }
  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">{done}</FormAlert>
        <ButtonLink to="/auth/login">
          <Trans>Sign in with your new password</Trans>
        </ButtonLink>
      </div>
    )
  }
  return (
    <form
      onSubmit={clearingFirst(() => setFormError(undefined), submit)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t`Choose a new password`}
    >
      <p>
        {welcome ? (
          <Trans>
            Your account <span dir="auto">{email}</span> is ready. Choose a password to sign in with.
          </Trans>
        ) : (
          <Trans>
            Choose a new password for <span dir="auto">{email}</span>.
          </Trans>
        )}
      </p>
      <FormAlert>{formError}</FormAlert>
      <TextField
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={t`Repeat the new password`}
        type="password"
        autoComplete="new-password"
        error={formState.errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <Button type="submit" busy={formState.isSubmitting}>
        <Trans>Save the new password</Trans>
      </Button>
    </form>
  )
}
