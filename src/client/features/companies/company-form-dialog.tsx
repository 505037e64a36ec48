// Creating and editing a company (a local business the college accepted): its name, RUT, contact and,
// once it exists, its logo.
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { type Company, type CompanyInput, companyInputSchema } from '#shared/benefits.schema.ts'
import { api } from '../../platform/api.ts'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { CompanyLogoField } from './company-logo-field.tsx'

const FIELDS = ['name', 'rut', 'contact_name', 'email', 'phone'] as const

export function CompanyFormDialog({
  company,
  onClose,
  onSaved,
}: {
  /** The company edited; a new one without it. */
  company?: Company
  onClose: () => void
  onSaved: (saved: Company) => void
}) {
  const { t } = useLingui()
  // The logo goes up on its own: the dialog shows the company as the server last answered.
  const [shown, setShown] = useState<Company>()
  const form = useServerForm<CompanyInput, Company>({
    schema: companyInputSchema,
    defaultValues: {
      name: company?.name ?? '',
      rut: company?.rut ?? '',
      contact_name: company?.contact_name ?? '',
      email: company?.email ?? '',
      phone: company?.phone ?? '',
    },
    fields: FIELDS,
    save: (values) =>
      (company
        ? api.put(`api/v1/companies/${company.id}`, { json: values })
        : api.post('api/v1/companies', { json: values })
      ).json<Company>(),
    savedText: company ? t`Changes saved.` : t`The company has been created.`,
    onSaved,
  })
  const e = form.formState.errors
  return (
    <FormDialog
      title={company ? t`Edit company` : t`New company`}
      submitLabel={company ? t`Save changes` : t`Create company`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => void form.submit(event)}
    >
      {form.guard}
      <TextField
        label={t`Name`}
        autoFocus
        maxLength={160}
        autoComplete="organization"
        error={e.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={t`RUT (optional)`}
        maxLength={20}
        inputMode="text"
        dir="ltr"
        placeholder="76.123.456-7"
        error={e.rut?.message}
        {...form.register('rut')}
      />
      <TextField
        label={t`Contact person (optional)`}
        maxLength={160}
        error={e.contact_name?.message}
        {...form.register('contact_name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Email (optional)`}
          type="email"
          maxLength={255}
          autoComplete="off"
          error={e.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={t`Phone (optional)`}
          type="tel"
          maxLength={30}
          placeholder="+56 9 1234 5678"
          error={e.phone?.message}
          {...form.register('phone')}
        />
      </div>
      {company && <CompanyLogoField company={shown ?? company} onChange={setShown} />}
    </FormDialog>
  )
}
