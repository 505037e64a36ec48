import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Plus } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { PostCategory } from '#shared/posts.schema.ts'
import { api, errorMessageOf, isNetworkError, validationErrorsOf } from '../../platform/api.ts'
import { onlineAtom } from '../../platform/online.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Dialog } from '../../ui/dialog.tsx'
import { Select } from '../../ui/select.tsx'
import { TextField } from '../../ui/text-field.tsx'

const NONE = 'none'

function NewCategoryDialog({ onCreated, onClose }: { onCreated: (id: number) => void; onClose: () => void }) {
  const { t } = useLingui()
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return setError(t`Please write the name of the category`)
    setBusy(true)
    try {
      const category = await api.post('api/v1/post-categories', { json: { name } }).json<PostCategory>()
      await localDb()?.post_categories.put(category)
      onCreated(category.id)
      onClose()
    } catch (err) {
      setError(
        validationErrorsOf(err)?.name?.[0] ??
          (isNetworkError(err) ? t`Creating a category needs a connection.` : errorMessageOf(err)) ??
          t`Something went wrong. Please try again.`,
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t`New category`}
      closeLabel={t`Close`}
      size="sm"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <TextField
          label={t`Name of the new category`}
          autoFocus
          value={name}
          maxLength={100}
          onChange={(e) => {
            setName(e.target.value)
            setError(undefined)
          }}
          error={error}
        />
        <div className="flex flex-wrap-reverse justify-end gap-2">
          <AriaButton variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </AriaButton>
          <AriaButton type="submit" isPending={busy}>
            <Trans>Create the category</Trans>
          </AriaButton>
        </div>
      </form>
    </Dialog>
  )
}

/** Categories come from the mirror; a new one needs a connection. */
export function CategorySelect({
  value,
  onChange,
  error,
}: {
  value: number | null
  onChange: (id: number | null) => void
  error?: string
}) {
  const { t } = useLingui()
  const online = useAtomValue(onlineAtom)
  const categories = useLocalQuery((db) => db.post_categories.toArray(), [], [])
  const [creating, setCreating] = useState(false)
  const options = [
    { id: NONE, name: t`No category` },
    ...[...(categories ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((c) => ({ id: c.id, name: c.name })),
  ]
  return (
    <>
      <Select
        label={t`Category`}
        options={options}
        value={value ?? NONE}
        onChange={(key) => onChange(key === NONE || key === null ? null : Number(key))}
        error={error}
        hint={online ? undefined : t`Creating a category needs a connection.`}
        action={
          <AriaButton variant="secondary" isDisabled={!online} onPress={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{t`New category`}</span>
            <span className="sr-only sm:hidden">{t`New category`}</span>
          </AriaButton>
        }
      />
      {creating && <NewCategoryDialog onCreated={onChange} onClose={() => setCreating(false)} />}
    </>
  )
}
