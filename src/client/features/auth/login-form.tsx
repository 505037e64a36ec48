import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type LoginInput, loginSchema } from '#shared/auth.schema.ts'
import { login } from '../../platform/auth-actions.ts'
import { applyServerErrors } from '../../platform/form-errors.ts'
import { onlineAtom } from '../../platform/online.ts'
import { loginErrorAtom } from '../../platform/session.ts'
import { Button } from '../../ui/button.tsx'
import { Field } from '../../ui/field.tsx'

export function safeRedirect(target: string | undefined): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : '/app'
}

export function LoginForm({ redirect, onForgot }: { redirect?: string; onForgot: () => void }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const online = useAtomValue(onlineAtom)
  const loginError = useAtomValue(loginErrorAtom)
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, setError, formState } = useForm<LoginInput>({
    resolver: valibotResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  })

  const submit = handleSubmit(async (values) => {
    setFormError(undefined)
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

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t`Sign in`}>
      {!online && (
        <p role="status" className="rounded-lg bg-amber-100 p-3 text-amber-950">
          <Trans>Signing in needs a connection. Please try again when you are online.</Trans>
        </p>
      )}
      {(loginError || formError) && (
        <p role="alert" className="rounded-lg bg-red-100 p-3 text-red-900">
          {formError ?? loginError?.message}
        </p>
      )}
      <Field
        label={t`Email`}
        type="email"
        autoComplete="username"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Field
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" busy={formState.isSubmitting}>
        <Trans>Sign in</Trans>
      </Button>
      <button type="button" onClick={onForgot} className="self-start text-sm text-brand underline">
        <Trans>Forgot your password?</Trans>
      </button>
    </form>
  )
}
