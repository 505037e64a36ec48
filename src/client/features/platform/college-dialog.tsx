// Creates a college: its name and address on the web, its language, and its first administrator,
// who gets a mail to choose a password on the college's own address.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import * as v from 'valibot'
import { LOCALE_NAMES, LOCALES } from '#shared/constants.ts'
import { isHostName } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { platformCollegeSchema } from '#shared/platform.schema.ts'
import { api } from '../../platform/api.ts'
import { applyServerErrors, clearingFirst } from '../../platform/form-errors.ts'
import { toast } from '../../platform/toasts.ts'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { Select } from '../../ui/select.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { TextField } from '../../ui/text-field.tsx'

/** "Colegio San José" -> "colegio-san-jose". */
export function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-')
    .slice(0, 60)
}

/** The dialog's rules: the shared ones, with the host names typed in one box, one per line. */
const formSchema = v.object({
  ...platformCollegeSchema.entries,
  hosts: v.optional(v.unknown()),
  hosts_text: v.pipe(
    v.string(),
    v.transform((text) =>
      text
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((host) => host.toLowerCase()),
    ),
    v.check((hosts) => hosts.length > 0, message(messages.hostRequired)),
    v.check((hosts) => hosts.every(isHostName), message(messages.hostInvalid)),
  ),
})
type Form = v.InferInput<typeof formSchema>
type Output = v.InferOutput<typeof formSchema>

export function CollegeDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useLingui()
  const [formError, setFormError] = useState<string>()
  const { register, control, handleSubmit, setError, setValue, getValues, formState } = useForm<
    Form,
    unknown,
    Output
  >({
    resolver: valibotResolver(formSchema),
    defaultValues: { name: '', slug: '', hosts_text: '', language: 'es', admin_name: '', admin_email: '' },
  })
  const submit = handleSubmit(async ({ hosts_text, hosts: _unused, ...rest }) => {
    try {
      await api.post('api/v1/platform/colleges', { json: { ...rest, hosts: hosts_text } })
      toast(
        t`The college has been created. Its administrator has been sent a link to choose a password.`,
        'success',
      )
      onCreated()
    } catch (error) {
      setFormError(
        applyServerErrors(
          error,
          (field, value) =>
            setError(String(field).startsWith('hosts') ? 'hosts_text' : (field as keyof Form), value),
          (field) =>
            field.startsWith('hosts') ||
            ['name', 'slug', 'language', 'admin_name', 'admin_email'].includes(field),
          {
            offline: t`Creating a college needs a connection. What you typed is still here.`,
            failed: t`We could not create the college. Please try again.`,
          },
        ),
      )
    }
  })
  const e = formState.errors
  return (
    <FormDialog
      title={t`New college`}
      submitLabel={t`Create college`}
      pending={formState.isSubmitting}
      dirty={formState.isDirty}
      error={formError}
      onClose={onClose}
      onSubmit={clearingFirst(() => setFormError(undefined), submit)}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Name`}
          error={e.name?.message}
          {...register('name', {
            onChange: (event) => {
              if (!formState.dirtyFields.slug || !getValues('slug'))
                setValue('slug', slugOf(event.target.value))
            },
          })}
        />
        <TextField
          label={t`Identifier`}
          hint={t`Lowercase letters, numbers and hyphens.`}
          error={e.slug?.message}
          {...register('slug')}
        />
      </div>
      <TextArea
        label={t`Addresses`}
        rows={2}
        dir="ltr"
        placeholder="colegio.example.cl"
        hint={t`The host names the college answers on, one per line. The first one goes in the administrator’s mail.`}
        error={e.hosts_text?.message}
        {...register('hosts_text')}
      />
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <Select
            label={t`Language`}
            options={LOCALES.map((code) => ({ id: code, name: LOCALE_NAMES[code] }))}
            value={field.value}
            onChange={field.onChange}
            error={e.language?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Administrator’s name`}
          error={e.admin_name?.message}
          {...register('admin_name')}
        />
        <TextField
          label={t`Administrator’s email`}
          type="email"
          error={e.admin_email?.message}
          {...register('admin_email')}
        />
      </div>
    </FormDialog>
  )
}
