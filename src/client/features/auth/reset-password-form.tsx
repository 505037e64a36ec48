import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type ResetPasswordInput, resetPasswordSchema } from '#shared/auth.schema.ts'
import { api } from '../../platform/api.ts'
import { applyServerErrors } from '../../platform/form-errors.ts'
import { Button } from '../../ui/button.tsx'
import { Field } from '../../ui/field.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const { t } = useLingui()
  const [done, setDone] = useState<string>()
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordInput>({
    resolver: valibotResolver(resetPasswordSchema),
    defaultValues: { token, email, password: '', password_confirmation: '' },
  })
  const submit = handleSubmit(async (values) => {
    setFormError(undefined)
    try {
      const body = await api.post('api/reset-password', { json: values }).json<{ message: string }>()
      setDone(body.message)
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, ['password', 'password_confirmation'], {
          offline: t`This needs a connection. Please try again when you are online.`,
          failed: t`Something went wrong. Please try again.`,
        }),
      )
    }
  })
  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">{done}</FormAlert>
        <Link to="/auth/login" className="font-medium text-brand underline">
          <Trans>Sign in with your new password</Trans>
        </Link>
      </div>
    )
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t`Choose a new password`}>
      <p>
        <Trans>Choose a new password for {email}.</Trans>
      </p>
      <FormAlert>{formError}</FormAlert>
      <Field
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Field
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
