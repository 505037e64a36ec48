// Inviting someone to manage a company's businesses: their name and email. The server mails them a
// link to choose a password; an address already used at the college is refused on the email field.
import { useLingui } from '@lingui/react/macro'
import {
  type Company,
  type CompanyUser,
  type CompanyUserInput,
  companyUserInputSchema,
} from '#shared/benefits.schema.ts'
import { api } from '../../platform/api.ts'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { TextField } from '../../ui/text-field.tsx'

const FIELDS = ['name', 'email'] as const

export function InviteCompanyUserDialog({
  company,
  onClose,
  onSaved,
}: {
  company: Pick<Company, 'id' | 'name'>
  onClose: () => void
  onSaved: (user: CompanyUser) => void
}) {
  const { t } = useLingui()
  const form = useServerForm<CompanyUserInput, CompanyUser>({
    schema: companyUserInputSchema,
    defaultValues: { name: '', email: '' },
    fields: FIELDS,
    save: (values) => api.post(`api/v1/companies/${company.id}/users`, { json: values }).json<CompanyUser>(),
    savedText: (user) => t`Invitation sent to ${user.email}.`,
    onSaved,
  })
  const e = form.formState.errors
  return (
    <FormDialog
      title={t`Invite a user of ${company.name}`}
      submitLabel={t`Send invitation`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => void form.submit(event)}
    >
      {form.guard}
      <p className="text-muted">
        {t`They receive an email with a link to choose their password. Then they can manage the company’s businesses and promotions.`}
      </p>
      <TextField
        label={t({ message: 'Name', context: 'person' })}
        autoFocus
        maxLength={160}
        autoComplete="off"
        error={e.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={t`Email`}
        type="email"
        maxLength={255}
        autoComplete="off"
        error={e.email?.message}
        {...form.register('email')}
      />
    </FormDialog>
  )
}
