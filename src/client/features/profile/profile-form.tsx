import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { User } from '#shared/api-types.ts'
import { AVATAR_MAX_BYTES } from '#shared/constants.ts'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { type ProfileInput, profileSchema } from '#shared/users.schema.ts'
import { api } from '../../platform/api.ts'
import { applyServerErrors, clearingFirst } from '../../platform/form-errors.ts'
import { cacheUser, userAtom } from '../../platform/session.ts'
import { toast } from '../../platform/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { DateField } from '../../ui/date-field.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { AvatarPicker } from './avatar-picker.tsx'

const FIELDS = [
  'name',
  'first_lastname',
  'second_lastname',
  'email',
  'rut',
  'phone',
  'birthdate',
  'avatar',
] as const

function valuesOf(user: User): ProfileInput {
  return {
    name: user.name,
    first_lastname: user.first_lastname,
    second_lastname: user.second_lastname,
    email: user.email,
    rut: user.rut,
    phone: user.phone,
    birthdate: user.birthdate,
  }
}

export function ProfileForm() {
  const { t } = useLingui()
  const [user, setUser] = useAtom(userAtom)
  const [avatar, setAvatar] = useState<File>()
  const [avatarError, setAvatarError] = useState<string>()
  const [formError, setFormError] = useState<string>()
  const { register, control, handleSubmit, setError, formState, reset } = useForm<ProfileInput>({
    resolver: valibotResolver(profileSchema),
    defaultValues: user ? valuesOf(user) : undefined,
  })
  // The session is checked again in the background on every navigation: its answer refreshes the
  // fields the user has not touched, never what they are typing.
  useEffect(() => {
    if (user) reset(valuesOf(user), { keepDirtyValues: true })
  }, [user, reset])

  const pickAvatar = (file: File | undefined) => {
    setAvatarError(undefined)
    if (file && !['image/jpeg', 'image/png', 'image/webp'].includes(file.type)) {
      setAvatarError(translate(messages.avatarType))
      return false
    }
    if (file && file.size > AVATAR_MAX_BYTES) {
      setAvatarError(translate(messages.avatarSize))
      return false
    }
    setAvatar(file)
    return true
  }

  const submit = handleSubmit(async (values) => {
    const body = new FormData()
    body.set('_method', 'PUT')
    for (const [key, value] of Object.entries(values)) body.set(key, String(value ?? ''))
    if (avatar) body.set('avatar', avatar)
    try {
      const updated = await api.post('api/v1/users/update/profile', { body }).json<User>()
      setUser(updated)
      cacheUser(updated)
      reset(valuesOf(updated))
      setAvatar(undefined)
      toast(t`Your profile has been saved.`, 'success')
    } catch (error) {
      const message = applyServerErrors(error, setError, FIELDS, {
        offline: t`Saving your profile needs a connection. Your changes are still here; try again when you are online.`,
        failed: t`We could not save your profile. Please try again.`,
      })
      const avatarMessage = (error as { data?: { errors?: Record<string, string[]> } }).data?.errors
        ?.avatar?.[0]
      if (avatarMessage) setAvatarError(avatarMessage)
      setFormError(message)
    }
  })

  if (!user) return null
  const e = formState.errors
  return (
    <form
      onSubmit={clearingFirst(() => setFormError(undefined), submit)}
      noValidate
      className="flex flex-col gap-5"
      aria-labelledby="profile-heading"
    >
      <h2 id="profile-heading" className="text-lg font-semibold">
        <Trans>Your details</Trans>
      </h2>
      <FormAlert>{formError}</FormAlert>
      <AvatarPicker
        name={`${user.name} ${user.first_lastname}`}
        current={user.avatar_url}
        file={avatar}
        error={avatarError}
        onPick={pickAvatar}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`First name`}
          autoComplete="given-name"
          error={e.name?.message}
          {...register('name')}
        />
        <TextField
          label={t`First last name`}
          autoComplete="family-name"
          error={e.first_lastname?.message}
          {...register('first_lastname')}
        />
        <TextField
          label={t`Second last name`}
          error={e.second_lastname?.message}
          {...register('second_lastname')}
        />
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          error={e.email?.message}
          {...register('email')}
        />
        <TextField label={t`RUT`} placeholder="12.345.678-5" error={e.rut?.message} {...register('rut')} />
        <TextField
          label={t`Phone`}
          type="tel"
          autoComplete="tel"
          error={e.phone?.message}
          {...register('phone')}
        />
        <Controller
          control={control}
          name="birthdate"
          render={({ field }) => (
            <DateField
              label={t`Birth date`}
              value={field.value ?? ''}
              onChange={field.onChange}
              error={e.birthdate?.message}
            />
          )}
        />
      </div>
      <Button type="submit" busy={formState.isSubmitting} className="self-start">
        <Trans>Save profile</Trans>
      </Button>
    </form>
  )
}
