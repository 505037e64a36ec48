// The home page's contact form: visitors write to the college; the office answers from its inbox.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type ContactMessageInput, contactMessageSchema } from '#shared/contacts.schema.ts'
import { api, errorMessageOf } from '../../platform/api.ts'
import { applyServerErrors, clearingFirst } from '../../platform/form-errors.ts'
import { Button } from '../../ui/button.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { TextField } from '../../ui/text-field.tsx'

export function ContactForm() {
  const { t } = useLingui()
  const [sent, setSent] = useState<string>()
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, setError, reset, formState } = useForm<ContactMessageInput>({
    resolver: valibotResolver(contactMessageSchema),
    defaultValues: { name: '', email: '', phone: '', message: '', website: '' },
  })
  const submit = handleSubmit(async (values) => {
    try {
      const answer = await api
        .post('api/v1/college/contact-messages', { json: values })
        .json<{ message: string }>()
      setSent(answer.message)
      reset()
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, ['name', 'email', 'phone', 'message'], {
          offline: t`Sending needs a connection. What you wrote is still here: try again when you are online.`,
          failed: errorMessageOf(error) ?? t`Your message could not be sent. Please try again.`,
        }),
      )
    }
  })
  const e = formState.errors
  return (
    <form
      onSubmit={clearingFirst(() => {
        setFormError(undefined)
        setSent(undefined)
      }, submit)}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby="contact-form-heading"
    >
      <h3 id="contact-form-heading" className="text-lg font-semibold">
        <Trans>Write to us</Trans>
      </h3>
      <FormAlert>{formError}</FormAlert>
      <FormAlert tone="success">{sent}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t`Your name`} autoComplete="name" error={e.name?.message} {...register('name')} />
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          error={e.email?.message}
          {...register('email')}
        />
        <TextField
          label={t`Phone (optional)`}
          type="tel"
          autoComplete="tel"
          error={e.phone?.message}
          {...register('phone')}
        />
      </div>
      {/* Left empty by people, who never see it; bots fill it in and are ignored. */}
      <div aria-hidden="true" className="absolute -start-[9999px] size-px overflow-hidden">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </label>
      </div>
      <TextArea label={t`Message`} rows={5} error={e.message?.message} {...register('message')} />
      <Button type="submit" busy={formState.isSubmitting} className="self-start">
        <Trans>Send message</Trans>
      </Button>
    </form>
  )
}
