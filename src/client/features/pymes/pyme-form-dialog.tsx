// Creating and editing a business: its category, how families reach it, and (for the college's
// administrators) the company it belongs to; a company's own users always add to their company.
// An edit is sent with the version it started from: when someone changed it meanwhile, the page shows
// their version and the form offers to load it.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useRef, useState } from 'react'
import { Controller } from 'react-hook-form'
import * as v from 'valibot'
import {
  type Pyme,
  type PymeCategory,
  type PymeInput,
  pymeInputSchema,
  whatsappDigits,
} from '#shared/benefits.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { userHasPermission } from '#shared/permissions.ts'
import type { Remote } from '../../platform/remote.ts'
import { userAtom } from '../../platform/session.ts'
import { ConflictAlert } from '../../ui/conflict-alert.tsx'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { Select } from '../../ui/select.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { CompanyPicker } from './company-picker.tsx'
import { conflictOf, createPyme, updatePyme, withMessage } from './pyme-actions.ts'

const FIELDS = [
  'category_id',
  'name',
  'description',
  'address',
  'commune',
  'phone',
  'whatsapp',
  'hours',
  'website',
  'instagram',
  'facebook',
] as const

/** The college's administrators choose the company: it must be one. */
const withCompanySchema = v.pipe(
  pymeInputSchema,
  v.forward(
    v.partialCheck(
      [['company_id']],
      (input) => (input.company_id ?? 0) > 0,
      message(messages.companyRequired),
    ),
    ['company_id'],
  ),
)

function valuesOf(pyme: Pyme): PymeInput {
  return {
    company_id: pyme.company_id,
    category_id: pyme.category_id,
    name: pyme.name,
    description: pyme.description,
    address: pyme.address,
    commune: pyme.commune,
    phone: pyme.phone,
    // Stored as digits with the country code: shown with its + again, as people write it.
    whatsapp: pyme.whatsapp ? `+${whatsappDigits(pyme.whatsapp)}` : '',
    hours: pyme.hours,
    website: pyme.website,
    instagram: pyme.instagram,
    facebook: pyme.facebook,
  }
}

const EMPTY: PymeInput = {
  company_id: undefined,
  category_id: undefined,
  name: '',
  description: '',
  address: '',
  commune: '',
  phone: '',
  whatsapp: '',
  hours: '',
  website: '',
  instagram: '',
  facebook: '',
}

export function PymeFormDialog({
  pyme,
  categories,
  onClose,
  onSaved,
  onConflict,
}: {
  /** The business edited; a new one without it. */
  pyme?: Pyme
  /** The college's categories, as the page loads them. */
  categories: Remote<{ data: PymeCategory[] }>
  onClose: () => void
  onSaved: (saved: Pyme) => void
  /** Someone else's newer copy, found when saving over it. */
  onConflict?: (current: Pyme) => void
}) {
  const { t } = useLingui()
  const user = useAtomValue(userAtom)
  const pickCompany = userHasPermission(user, 'college.manage')
  // The version this edit started from; after a conflict, the one now on the server.
  const base = useRef(pyme?.updated_at ?? '')
  const [conflict, setConflict] = useState<{ current: Pyme; loaded: boolean }>()
  // The copy whose values the form holds (theirs, once loaded): its company is the one shown.
  const [shown, setShown] = useState(pyme)
  const form = useServerForm<PymeInput, Pyme>({
    schema: pickCompany ? withCompanySchema : pymeInputSchema,
    defaultValues: pyme ? valuesOf(pyme) : EMPTY,
    fields: pickCompany ? [...FIELDS, 'company_id'] : FIELDS,
    save: async (values) => {
      if (!pyme) return createPyme(values)
      try {
        return await updatePyme(pyme.id, values, base.current)
      } catch (error) {
        const current = conflictOf(error)
        if (current === undefined) throw error
        if (current === null)
          throw withMessage(error, t`This business was deleted meanwhile, so your changes cannot be saved.`)
        base.current = current.updated_at
        setConflict({ current, loaded: false })
        onConflict?.(current)
        throw error
      }
    },
    savedText: pyme ? t`Changes saved.` : t`The business has been added.`,
    onSaved,
  })
  const e = form.formState.errors
  const categoryList = categories.data?.data
  const categoryHint = categoryList
    ? categoryList.length === 0
      ? t`There are no categories yet: the college's administrators add them in Business categories.`
      : undefined
    : categories.status === 'loading'
      ? t`Loading categories…`
      : t`The categories could not be loaded. Check your connection, close this form and open it again.`

  return (
    <FormDialog
      title={pyme ? t`Edit business` : t`New business`}
      submitLabel={pyme ? t`Save changes` : t`Add business`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      error={conflict ? undefined : form.formError}
      onClose={onClose}
      onSubmit={(event) => {
        setConflict(undefined)
        void form.submit(event)
      }}
      size="lg"
    >
      {form.guard}
      {conflict && (
        <ConflictAlert
          loaded={conflict.loaded}
          onLoad={() => {
            form.reset(valuesOf(conflict.current))
            setShown(conflict.current)
            setConflict({ ...conflict, loaded: true })
          }}
        >
          <Trans>
            Someone else changed this business while you were editing it, and the page now shows their
            version. Save again to replace it with yours, or load theirs into the form.
          </Trans>
        </ConflictAlert>
      )}
      {pickCompany && (
        <Controller
          control={form.control}
          name="company_id"
          render={({ field }) => (
            <CompanyPicker
              key={shown?.updated_at}
              value={field.value}
              current={shown && { id: String(shown.company_id), name: shown.company_name }}
              onChange={field.onChange}
              error={e.company_id?.message}
            />
          )}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Business name`}
          autoFocus
          maxLength={120}
          error={e.name?.message}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="category_id"
          render={({ field }) => (
            <Select
              label={t`Category`}
              placeholder={t`Choose a category`}
              isDisabled={!categoryList}
              options={(categoryList ?? []).map((c) => ({ id: String(c.id), name: c.name }))}
              value={field.value ? String(field.value) : null}
              onChange={(key) => field.onChange(key === null ? undefined : Number(key))}
              hint={categoryHint}
              error={e.category_id?.message}
            />
          )}
        />
      </div>
      <TextArea
        label={t`Description (optional)`}
        rows={3}
        maxLength={2000}
        hint={t`What the business offers, in a few lines families read in Benefits.`}
        error={e.description?.message}
        {...form.register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Address (optional)`}
          maxLength={200}
          autoComplete="street-address"
          error={e.address?.message}
          {...form.register('address')}
        />
        <TextField
          label={t`Commune (optional)`}
          maxLength={80}
          error={e.commune?.message}
          {...form.register('commune')}
        />
        <TextField
          label={t`Phone (optional)`}
          type="tel"
          dir="ltr"
          maxLength={30}
          placeholder="+56 2 2345 6789"
          error={e.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label={t`WhatsApp (optional)`}
          type="tel"
          dir="ltr"
          maxLength={30}
          placeholder="+56 9 1234 5678"
          hint={t`With the country code, so families can write from the app.`}
          error={e.whatsapp?.message}
          {...form.register('whatsapp')}
        />
      </div>
      <TextArea
        label={t`Opening hours (optional)`}
        rows={2}
        maxLength={300}
        placeholder={t`Monday to Friday, 9:00 to 18:00`}
        error={e.hours?.message}
        {...form.register('hours')}
      />
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-1 font-semibold">
          <Trans>On the web (optional)</Trans>
        </legend>
        <TextField
          label={t`Website`}
          type="url"
          dir="ltr"
          maxLength={300}
          placeholder="https://"
          error={e.website?.message}
          {...form.register('website')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Instagram"
            type="url"
            dir="ltr"
            maxLength={300}
            placeholder="https://instagram.com/…"
            error={e.instagram?.message}
            {...form.register('instagram')}
          />
          <TextField
            label="Facebook"
            type="url"
            dir="ltr"
            maxLength={300}
            placeholder="https://facebook.com/…"
            error={e.facebook?.message}
            {...form.register('facebook')}
          />
        </div>
      </fieldset>
    </FormDialog>
  )
}
