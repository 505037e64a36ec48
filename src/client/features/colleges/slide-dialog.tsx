// Adds a picture to the slider (with its caption, link and visibility) or edits one.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { type Slide, type SlideInput, slideSchema } from '#shared/colleges.schema.ts'
import { api, validationErrorsOf } from '../../platform/api.ts'
import { applyServerErrors, clearingFirst } from '../../platform/form-errors.ts'
import { toast } from '../../platform/toasts.ts'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { PictureField } from '../../ui/picture-field.tsx'
import { Switch } from '../../ui/switch.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { useObjectUrl } from '../../ui/use-object-url.ts'

export function SlideDialog({
  slide,
  onClose,
  onSaved,
}: {
  slide?: Slide
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useLingui()
  const [formError, setFormError] = useState<string>()
  const [image, setImage] = useState<File>()
  const [imageError, setImageError] = useState<string>()
  const preview = useObjectUrl(image)
  const { register, control, handleSubmit, setError, formState } = useForm<SlideInput>({
    resolver: valibotResolver(slideSchema),
    defaultValues: { caption: slide?.caption ?? '', link: slide?.link ?? '', active: slide?.active ?? true },
  })
  const submit = handleSubmit(async (values) => {
    if (!slide && !image) {
      setImageError(t`Please choose a picture`)
      return
    }
    try {
      if (slide) await api.put(`api/v1/college/slides/${slide.id}`, { json: values })
      else {
        const body = new FormData()
        body.set('caption', values.caption ?? '')
        body.set('link', values.link ?? '')
        body.set('active', values.active ? '1' : '0')
        body.set('image', image!)
        await api.post('api/v1/college/slides', { body })
      }
      toast(slide ? t`Changes saved.` : t`The picture has been added.`, 'success')
      onSaved()
    } catch (error) {
      setImageError(validationErrorsOf(error)?.image?.[0])
      setFormError(
        applyServerErrors(error, setError, ['caption', 'link', 'active', 'image'], {
          offline: t`Saving needs a connection. What you typed is still here: try again when you are online.`,
          failed: t`We could not save. Please try again.`,
        }),
      )
    }
  })
  const e = formState.errors
  return (
    <FormDialog
      title={slide ? t`Edit the picture` : t`Add a picture`}
      submitLabel={slide ? t`Save changes` : t`Add picture`}
      pending={formState.isSubmitting}
      dirty={formState.isDirty || Boolean(image)}
      error={formError}
      onClose={onClose}
      onSubmit={clearingFirst(() => setFormError(undefined), submit)}
    >
      {slide ? (
        <img src={slide.image_url} alt="" className="aspect-video w-full rounded-xl object-cover" />
      ) : (
        <PictureField
          label={t`Picture`}
          hint={t`Wide pictures work best; they are cut to 16:9.`}
          src={preview ?? null}
          error={imageError}
          onPick={(file) => {
            setImage(file)
            setImageError(undefined)
          }}
        />
      )}
      <TextField label={t`Caption`} error={e.caption?.message} {...register('caption')} />
      <TextField
        label={t`Link`}
        type="url"
        placeholder="https://"
        hint={t`Optional: where a tap on the picture leads.`}
        error={e.link?.message}
        {...register('link')}
      />
      <Controller
        control={control}
        name="active"
        render={({ field }) => (
          <Switch isSelected={Boolean(field.value)} onChange={field.onChange}>
            {t`Shown on the home page`}
          </Switch>
        )}
      />
    </FormDialog>
  )
}
