// The calendar's categories, for those who manage events: add, rename, recolour, delete. Changes need
// a connection (every family's calendar follows them); the list itself comes from the mirror.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Pencil, Tags, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { EventCategory } from '#shared/events.schema.ts'
import { api, errorMessageOf, isNetworkError, validationErrorsOf } from '../../platform/api.ts'
import { onlineAtom } from '../../platform/online.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { syncNow } from '../../platform/sync/sync-engine.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { ColorField } from '../../ui/color-field.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { Dialog } from '../../ui/dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { TextField } from '../../ui/text-field.tsx'

const FIRST_COLOR = '#1d4ed8'

type Draft = { id: number | null; name: string; color: string }
type Errors = { name?: string; color?: string; form?: string }

const byName = (a: EventCategory, b: EventCategory) => a.name.localeCompare(b.name)

export function EventCategoriesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const online = useAtomValue(onlineAtom)
  const categories = useLocalQuery(async (db) => (await db.event_categories.toArray()).sort(byName), [])
  const usage = useLocalQuery(async (db) => {
    const counts = new Map<number, number>()
    for (const e of await db.events.toArray())
      if (e.category_id) counts.set(e.category_id, (counts.get(e.category_id) ?? 0) + 1)
    return counts
  }, [])
  const [draft, setDraft] = useState<Draft>({ id: null, name: '', color: FIRST_COLOR })
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const { confirm, dialog } = useConfirm()
  const editing = draft.id !== null
  const dirty = draft.name.trim() !== '' || editing

  const failed = (error: unknown) => {
    const fields = validationErrorsOf(error)
    setErrors(
      fields
        ? { name: fields.name?.[0], color: fields.color?.[0] }
        : {
            form: isNetworkError(error)
              ? t`Changing categories needs a connection. Please try again when you are online.`
              : (errorMessageOf(error) ?? t`Something went wrong. Please try again.`),
          },
    )
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const name = draft.name.trim()
    if (!name) return setErrors({ name: t`Please write the name of the category` })
    setBusy(true)
    try {
      const json = { name, color: draft.color }
      const saved = await (editing
        ? api.put(`api/v1/event-categories/${draft.id}`, { json })
        : api.post('api/v1/event-categories', { json })
      ).json<EventCategory>()
      await localDb()?.event_categories.put(saved)
      toast(editing ? t`Category saved.` : t`Category added.`, 'success')
      setDraft({ id: null, name: '', color: FIRST_COLOR })
      setErrors({})
    } catch (error) {
      failed(error)
    } finally {
      setBusy(false)
    }
  }

  const remove = async (category: EventCategory) => {
    const count = usage?.get(category.id) ?? 0
    const agreed = await confirm({
      title: t`Delete the category “${category.name}”?`,
      body:
        count > 0
          ? plural(count, {
              one: 'Its # event stays in the calendar, without a category.',
              other: 'Its # events stay in the calendar, without a category.',
            })
          : t`No event uses it.`,
      confirmLabel: t`Delete the category`,
      destructive: true,
    })
    if (!agreed) return
    try {
      await api.delete(`api/v1/event-categories/${category.id}`)
      await localDb()?.event_categories.delete(category.id)
      if (draft.id === category.id) setDraft({ id: null, name: '', color: FIRST_COLOR })
      toast(t`Category deleted.`, 'success')
      // Its events changed too: bring them in now rather than at the next pull.
      void syncNow()
    } catch (error) {
      failed(error)
    }
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      dismissable={!dirty}
      title={t`Event categories`}
      closeLabel={t`Close`}
      size="md"
    >
      <div className="flex flex-col gap-5">
        {!online && (
          <FormAlert tone="warning">
            <Trans>You are offline. Changing categories needs a connection.</Trans>
          </FormAlert>
        )}
        <FormAlert>{errors.form}</FormAlert>
        {categories?.length === 0 ? (
          <EmptyState icon={Tags} title={t`No categories yet.`}>
            <Trans>Categories give events a colour, so families see at a glance what each one is.</Trans>
          </EmptyState>
        ) : (
          <ul
            aria-label={t`Categories`}
            className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
          >
            {(categories ?? []).map((category) => (
              <li key={category.id} className="flex items-center gap-3 py-2">
                <span
                  aria-hidden="true"
                  className="size-5 shrink-0 rounded-md ring-1 ring-black/10 dark:ring-white/20"
                  style={{ background: category.color }}
                />
                <span dir="auto" className="min-w-0 flex-1 truncate font-medium">
                  {category.name}
                </span>
                <span className="text-muted text-sm">
                  {plural(usage?.get(category.id) ?? 0, { one: '# event', other: '# events' })}
                </span>
                <IconButton
                  label={t`Edit ${category.name}`}
                  variant="ghost"
                  isDisabled={!online}
                  onPress={() => {
                    setDraft({ id: category.id, name: category.name, color: category.color })
                    setErrors({})
                  }}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </IconButton>
                <IconButton
                  label={t`Delete ${category.name}`}
                  variant="ghost"
                  isDisabled={!online}
                  onPress={() => void remove(category)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
        <form
          onSubmit={(e) => void save(e)}
          noValidate
          aria-label={editing ? t`Edit the category` : t`Add a category`}
          className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 dark:bg-slate-950 dark:ring-slate-800"
        >
          <h3 className="font-semibold">
            {editing ? <Trans>Edit the category</Trans> : <Trans>Add a category</Trans>}
          </h3>
          <TextField
            label={t`Name`}
            value={draft.name}
            maxLength={60}
            onChange={(e) => {
              setDraft({ ...draft, name: e.target.value })
              setErrors({})
            }}
            error={errors.name}
          />
          <ColorField
            label={t`Colour`}
            value={draft.color}
            onChange={(color) => setDraft({ ...draft, color })}
            error={errors.color}
            sample={false}
          />
          <div className="flex flex-wrap-reverse justify-end gap-2">
            {editing && (
              <AriaButton
                variant="secondary"
                onPress={() => {
                  setDraft({ id: null, name: '', color: FIRST_COLOR })
                  setErrors({})
                }}
              >
                <Trans>Cancel editing</Trans>
              </AriaButton>
            )}
            <AriaButton type="submit" isPending={busy} isDisabled={!online}>
              {editing ? <Trans>Save the category</Trans> : <Trans>Add the category</Trans>}
            </AriaButton>
          </div>
        </form>
      </div>
      {dialog}
    </Dialog>
  )
}
