// The dialog that adds or edits a manager, with their photo sent along with the form.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type Manager, type ManagerInput, managerSchema } from '#shared/colleges.schema.ts'
import { api, validationErrorsOf } from '../../platform/api.ts'
import { applyServerErrors, clearingFirst } from '../../platform/form-errors.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { PictureField } from '../../ui/picture-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { useObjectUrl } from '../../ui/use-object-url.ts'

const FIELDS = ['name', 'position', 'category', 'email', 'phone'] as const

export function ManagerDialog({
  manager,
  categories,
  onClose,
  onSaved,
}: {
  manager?: Manager
  categories: string[]
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useLingui()
  const [formError, setFormError] = useState<string>()
  const [photo, setPhoto] = useState<File>()
  const [removePhoto, setRemovePhoto] = useState(false)
  const [photoError, setPhotoError] = useState<string>()
  const preview = useObjectUrl(photo)
  const { register, handleSubmit, setError, setValue, formState } = useForm<ManagerInput>({
    resolver: valibotResolver(managerSchema),
    defaultValues: {
      name: manager?.name ?? '',
      position: manager?.position ?? '',
      category: manager?.category ?? '',
      email: manager?.email ?? '',
      phone: manager?.phone ?? '',
    },
  })
  const submit = handleSubmit(async (values) => {
    const body = new FormData()
    for (const [key, value] of Object.entries(values)) body.set(key, String(value ?? ''))
    if (photo) body.set('photo', photo)
    else if (removePhoto) body.set('remove_photo', '1')
    try {
      await api.post(manager ? `api/v1/college/managers/${manager.id}` : 'api/v1/college/managers', { body })
      toast(manager ? t`Changes saved.` : t`The manager has been added.`, 'success')
      onSaved()
    } catch (error) {
      setPhotoError(validationErrorsOf(error)?.photo?.[0])
      setFormError(
        applyServerErrors(error, setError, [...FIELDS, 'photo'], {
          offline: t`Saving needs a connection. What you typed is still here: try again when you are online.`,
          failed: t`We could not save. Please try again.`,
        }),
      )
    }
  })
  const e = formState.errors
  const shownPhoto = preview ?? (removePhoto ? null : (manager?.photo_url ?? null))
  return (
    <FormDialog
      title={manager ? t`Edit ${manager.name}` : t`New manager`}
      submitLabel={manager ? t`Save changes` : t`Add manager`}
      pending={formState.isSubmitting}
      dirty={formState.isDirty || Boolean(photo)}
      error={formError}
      onClose={onClose}
      onSubmit={clearingFirst(() => setFormError(undefined), submit)}
    >
      <PictureField
        label={t`Photo`}
        shape="square"
        src={shownPhoto}
        error={photoError}
        onPick={(file) => {
          setPhoto(file)
          setRemovePhoto(false)
          setPhotoError(undefined)
        }}
        onRemove={() => {
          setPhoto(undefined)
          setRemovePhoto(true)
        }}
      />
      <TextField
        label={t({ message: 'Name', context: 'person' })}
        error={e.name?.message}
        {...register('name')}
      />
      <TextField
        label={t`Position`}
        placeholder={t`Principal`}
        error={e.position?.message}
        {...register('position')}
      />
      <div className="flex flex-col gap-2">
        <TextField
          label={t`Category`}
          hint={t`People of one category are listed together, and the category filters the list.`}
          error={e.category?.message}
          {...register('category')}
        />
        {categories.length > 0 && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted">{t`Used so far:`}</span>
            {categories.map((category) => (
              <AriaButton
                key={category}
                size="sm"
                variant="secondary"
                onPress={() => setValue('category', category, { shouldDirty: true })}
              >
                {category}
              </AriaButton>
            ))}
          </div>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t`Email`} type="email" error={e.email?.message} {...register('email')} />
        <TextField label={t`Phone`} type="tel" error={e.phone?.message} {...register('phone')} />
      </div>
    </FormDialog>
  )
}
