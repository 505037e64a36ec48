import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type PasswordChangeInput, passwordChangeSchema } from '#shared/users.schema.ts'
import { api } from '../../platform/api.ts'
import { applyServerErrors, clearingFirst } from '../../platform/form-errors.ts'
import { toast } from '../../platform/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { TextField } from '../../ui/text-field.tsx'

const EMPTY = { current_password: '', password: '', password_confirmation: '' }

export function PasswordForm() {
  const { t } = useLingui()
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, setError, formState, reset } = useForm<PasswordChangeInput>({
    resolver: valibotResolver(passwordChangeSchema),
    defaultValues: EMPTY,
  })
  const submit = handleSubmit(async (values) => {
    try {
      const body = await api.put('api/v1/users/update/password', { json: values }).json<{ message: string }>()
      reset(EMPTY)
      toast(body.message, 'success')
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, Object.keys(EMPTY), {
          offline: t`Changing your password needs a connection. Please try again when you are online.`,
          failed: t`We could not change your password. Please try again.`,
        }),
      )
    }
  })
  const e = formState.errors
  return (
    <form
      onSubmit={clearingFirst(() => setFormError(undefined), submit)}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby="password-heading"
    >
      <h2 id="password-heading" className="text-lg font-semibold">
        <Trans>Change password</Trans>
      </h2>
      <FormAlert>{formError}</FormAlert>
      <TextField
        label={t`Current password`}
        type="password"
        autoComplete="current-password"
        error={e.current_password?.message}
        {...register('current_password')}
      />
      <TextField
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        error={e.password?.message}
        {...register('password')}
      />
      <TextField
        label={t`Repeat the new password`}
        type="password"
        autoComplete="new-password"
        error={e.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <Button type="submit" busy={formState.isSubmitting} className="self-start">
        <Trans>Change password</Trans>
      </Button>
    </form>
  )
}
