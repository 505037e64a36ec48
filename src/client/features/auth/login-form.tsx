import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { loginSchema } from '#shared/auth.schema.ts'
import { login } from '../../platform/auth-actions.ts'
import { applyServerErrors } from '../../platform/form-errors.ts'
import { onlineAtom } from '../../platform/online.ts'
import { loginErrorAtom } from '../../platform/session.ts'
import { store } from '../../platform/store.ts'
import { Button } from '../../ui/button.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { useLightForm } from '../../ui/use-light-form.ts'

export function safeRedirect(target: string | undefined): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : '/app'
}

export function LoginForm({
  redirect,
  ended,
  onForgot,
}: {
  redirect?: string
  ended?: boolean
  onForgot: () => void
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const online = useAtomValue(onlineAtom)
  const loginError = useAtomValue(loginErrorAtom)
  const [formError, setFormError] = useState<string>()
  const [attempted, setAttempted] = useState(false)
  const { register, handleSubmit, setError, formState } = useLightForm(loginSchema, {
    email: '',
    password: '',
  })

  const submit = handleSubmit(async (values) => {
    try {
      const result = await login({ email: values.email ?? '', password: values.password ?? '' })
      if (result) await navigate({ to: safeRedirect(redirect) })
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, ['email', 'password'], {
          offline: t`Signing in needs a connection. Please try again when you are online.`,
          failed: t`We could not sign you in. Please try again.`,
        }),
      )
    }
  })

  // Each attempt starts clean: an earlier answer never stays beside a new one.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setFormError(undefined)
    setAttempted(true)
    store.set(loginErrorAtom, undefined)
    return submit(event)
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t`Sign in`}>
      {ended && !attempted && (
        <FormAlert tone="info">
          <Trans>
            Your session has ended (you signed out on another device, or your password changed). Please sign
            in again.
          </Trans>
        </FormAlert>
      )}
      {!online && (
        <FormAlert tone="warning">
          <Trans>Signing in needs a connection. Please try again when you are online.</Trans>
        </FormAlert>
      )}
      <FormAlert>{formError ?? loginError?.message}</FormAlert>
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="username"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" busy={formState.isSubmitting}>
        <Trans>Sign in</Trans>
      </Button>
      <button type="button" onClick={onForgot} className="link self-start text-sm">
        <Trans>Forgot your password?</Trans>
      </button>
    </form>
  )
}
