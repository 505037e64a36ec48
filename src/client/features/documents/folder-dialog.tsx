// Naming a folder: a new one inside the folder that is open, or a new name for the open one.
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { DocumentCategory } from '#shared/documents.schema.ts'
import { api } from '../../platform/api.ts'
import { applyServerErrors } from '../../platform/form-errors.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { TextField } from '../../ui/text-field.tsx'

export function FolderDialog({
  parentId,
  folder,
  onClose,
  onSaved,
}: {
  parentId: number | null
  /** Renaming this folder (else a new one inside `parentId`). */
  folder?: DocumentCategory
  onClose: () => void
  onSaved: (saved: DocumentCategory) => void
}) {
  const { t } = useLingui()
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, setError, formState } = useForm<{ name: string }>({
    defaultValues: { name: folder?.name ?? '' },
  })
  const submit = handleSubmit(async ({ name }) => {
    setFormError(undefined)
    try {
      const json = { name, parent_id: folder ? folder.parent_id : parentId }
      const saved = await (folder
        ? api.put(`api/v1/document-categories/${folder.id}`, { json })
        : api.post('api/v1/document-categories', { json })
      ).json<DocumentCategory>()
      await localDb()?.document_categories.put(saved)
      onSaved(saved)
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, ['name'], {
          offline: t`You are offline. Folders can be changed when there is a connection.`,
          failed: t`The folder could not be saved. Please try again.`,
        }),
      )
    }
  })
  return (
    <FormDialog
      title={folder ? t`Rename folder` : t`New folder`}
      submitLabel={t`Save`}
      pending={formState.isSubmitting}
      dirty={formState.isDirty}
      error={formError}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      size="sm"
    >
      <TextField
        label={t`Name`}
        autoFocus
        maxLength={60}
        error={formState.errors.name?.message}
        {...register('name', { required: t`field required.` })}
      />
    </FormDialog>
  )
}
