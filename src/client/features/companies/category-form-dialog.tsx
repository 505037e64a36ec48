// Creating and editing a category of the Benefits directory: its name and its icon.
import { useLingui } from '@lingui/react/macro'
import { Controller } from 'react-hook-form'
import {
  type PymeCategory,
  type PymeCategoryInput,
  pymeCategoryInputSchema,
} from '#shared/benefits.schema.ts'
import { api } from '../../platform/api.ts'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { CategoryIconPicker } from './category-icon-picker.tsx'

const FIELDS = ['name', 'icon'] as const

export function CategoryFormDialog({
  category,
  onClose,
  onSaved,
}: {
  /** The category edited; a new one without it. */
  category?: PymeCategory
  onClose: () => void
  onSaved: (saved: PymeCategory) => void
}) {
  const { t } = useLingui()
  const form = useServerForm<PymeCategoryInput, PymeCategory>({
    schema: pymeCategoryInputSchema,
    defaultValues: { name: category?.name ?? '', icon: category?.icon ?? 'store' },
    fields: FIELDS,
    save: (values) =>
      (category
        ? api.put(`api/v1/pyme-categories/${category.id}`, { json: values })
        : api.post('api/v1/pyme-categories', { json: values })
      ).json<PymeCategory>(),
    savedText: category ? t`Changes saved.` : t`The category has been created.`,
    onSaved,
  })
  const e = form.formState.errors
  return (
    <FormDialog
      title={category ? t`Edit category` : t`New category`}
      submitLabel={category ? t`Save changes` : t`Create category`}
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
        maxLength={60}
        placeholder={t`Food and drink`}
        error={e.name?.message}
        {...form.register('name')}
      />
      <Controller
        control={form.control}
        name="icon"
        render={({ field }) => (
          <CategoryIconPicker
            label={t`Icon`}
            value={field.value ?? ''}
            onChange={field.onChange}
            error={e.icon?.message}
          />
        )}
      />
    </FormDialog>
  )
}
