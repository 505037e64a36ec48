// /colleges/contact: what visitors without an account read on the sign-up page: a few words and whom
// to ask, area by area.
import { Trans, useLingui } from '@lingui/react/macro'
import { Phone, Plus, Trash2 } from 'lucide-react'
import { useFieldArray } from 'react-hook-form'
import { contactsSchema, type PublicContact } from '#shared/colleges.schema.ts'
import { api } from '../../platform/api.ts'
import { useRemote } from '../../platform/remote.ts'
import { AriaButton, AriaIconButton } from '../../ui/aria-button.tsx'
import { Button } from '../../ui/button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { BackToCollege } from './college-details.tsx'

type Contacts = { intro: string; contacts: PublicContact[] }

export function CollegeContacts() {
  const { t } = useLingui()
  const remote = useRemote<Contacts>('api/v1/college/contacts')
  return (
    <>
      <PageHeader
        title={t`Contact information`}
        description={t`Shown to visitors who need an account, on the sign-up page.`}
        before={<BackToCollege />}
        actions={
          <ButtonLink to="/auth/signup-no" variant="ghost" target="_blank">
            <Trans>See the page</Trans>
          </ButtonLink>
        }
      />
      <RemoteContent
        status={remote.status}
        error={remote.error}
        onRetry={remote.reload}
        loading={<SkeletonList count={1} label={t`Loading…`} />}
      >
        {remote.data && <ContactsForm initial={remote.data} />}
      </RemoteContent>
    </>
  )
}

function ContactsForm({ initial }: { initial: Contacts }) {
  const { t } = useLingui()
  const form = useServerForm<Contacts, Contacts>({
    schema: contactsSchema,
    defaultValues: initial,
    fields: (field) => field === 'intro' || /^contacts\.\d+\.(area|name|email|phone)$/.test(field),
    save: (values) => api.put('api/v1/college/contacts', { json: values }).json<Contacts>(),
    valuesAfter: (saved) => saved,
    savedText: t`The contact information has been saved.`,
  })
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'contacts' })
  const errors = form.formState.errors
  return (
    <form onSubmit={form.submit} noValidate className="card flex flex-col gap-5 p-5 sm:p-6">
      <FormAlert>{form.formError}</FormAlert>
      <TextArea
        label={t`A few words for visitors`}
        rows={3}
        placeholder={t`The office answers from Monday to Friday, 8:00 to 17:00.`}
        error={errors.intro?.message}
        {...form.register('intro')}
      />
      {fields.length === 0 && (
        <EmptyState icon={Phone} title={t`No contacts yet`} className="shadow-none ring-0">
          <Trans>Add the office, admissions or whoever gives families their accounts.</Trans>
        </EmptyState>
      )}
      <ul className="flex flex-col gap-4">
        {fields.map((row, index) => (
          <li
            key={row.id}
            className="grid gap-3 rounded-2xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700"
          >
            <TextField
              label={t`Area`}
              placeholder={t`Office`}
              error={errors.contacts?.[index]?.area?.message}
              {...form.register(`contacts.${index}.area`)}
            />
            <TextField
              label={t({ message: 'Name', context: 'person' })}
              error={errors.contacts?.[index]?.name?.message}
              {...form.register(`contacts.${index}.name`)}
            />
            <TextField
              label={t`Email`}
              type="email"
              error={errors.contacts?.[index]?.email?.message}
              {...form.register(`contacts.${index}.email`)}
            />
            <div className="flex items-start gap-2">
              <TextField
                label={t`Phone`}
                type="tel"
                className="flex-1"
                error={errors.contacts?.[index]?.phone?.message}
                {...form.register(`contacts.${index}.phone`)}
              />
              <AriaIconButton label={t`Remove this contact`} className="mt-7" onPress={() => remove(index)}>
                <Trash2 aria-hidden="true" className="size-4" />
              </AriaIconButton>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <AriaButton variant="secondary" onPress={() => append({ area: '', name: '', email: '', phone: '' })}>
          <Plus aria-hidden="true" className="size-4" />
          {t`Add a contact`}
        </AriaButton>
        <Button type="submit" busy={form.formState.isSubmitting}>
          <Trans>Save</Trans>
        </Button>
      </div>
      {form.guard}
    </form>
  )
}
