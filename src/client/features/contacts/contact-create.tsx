// /admin/contacts/create: a contact noted by hand (a phone call, a visit), so the inbox holds every
// request and who answered it.
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import {
  type ContactDetail,
  type ContactMessageInput,
  contactMessageSchema,
} from '#shared/contacts.schema.ts'
import { api } from '../../platform/api.ts'
import { Button } from '../../ui/button.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { BackToContacts } from './contact-detail.tsx'

export function ContactCreate() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const form = useServerForm<ContactMessageInput, ContactDetail>({
    schema: contactMessageSchema,
    defaultValues: { name: '', email: '', phone: '', message: '' },
    fields: ['name', 'email', 'phone', 'message'],
    save: (values) => api.post('api/v1/contact-messages', { json: values }).json<ContactDetail>(),
    savedText: t`The contact has been noted.`,
    onSaved: (contact) => void navigate({ to: '/admin/contacts/$', params: { _splat: String(contact.id) } }),
  })
  const e = form.formState.errors
  return (
    <>
      <PageHeader
        title={t`Note a contact`}
        description={t`Someone called or came to the office: keep it with the other messages.`}
        before={<BackToContacts />}
      />
      <form onSubmit={form.submit} noValidate className="card flex flex-col gap-4 p-5 sm:p-6">
        <FormAlert>{form.formError}</FormAlert>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t({ message: 'Name', context: 'person' })}
            error={e.name?.message}
            {...form.register('name')}
          />
          <TextField label={t`Email`} type="email" error={e.email?.message} {...form.register('email')} />
          <TextField label={t`Phone`} type="tel" error={e.phone?.message} {...form.register('phone')} />
        </div>
        <TextArea
          label={t`What they asked`}
          rows={5}
          error={e.message?.message}
          {...form.register('message')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={form.formState.isSubmitting}>
            <Trans>Save contact</Trans>
          </Button>
          <ButtonLink to="/admin/contacts" variant="ghost">
            <Trans>Cancel</Trans>
          </ButtonLink>
        </div>
      </form>
      {form.guard}
    </>
  )
}
