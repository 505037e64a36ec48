// /pyme-category: the categories of the Benefits directory, each with its icon, in the order families
// see them. Admins add and edit them in a dialog, move them up and down (by pointer or keyboard: the
// new place is announced), and delete those no business uses.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { ArrowDown, ArrowUp, Pencil, Plus, Tags, Trash2 } from 'lucide-react'
import { useId, useLayoutEffect, useRef, useState } from 'react'
import { PYME_CATEGORIES_MAX, type PymeCategory } from '#shared/benefits.schema.ts'
import { api, errorMessageOf } from '../../platform/api.ts'
import { onlineAtom } from '../../platform/online.ts'
import { useRemote } from '../../platform/remote.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { CategoryIcon } from '../../ui/category-icon.ts'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { useAction } from '../../ui/use-action.ts'
import { CategoryFormDialog } from './category-form-dialog.tsx'

type Categories = { data: PymeCategory[] }
type Direction = 'up' | 'down'

export function CategoriesPage() {
  const { t } = useLingui()
  const online = useAtomValue(onlineAtom)
  const remote = useRemote<Categories>('api/v1/pyme-categories')
  const categories = remote.data?.data ?? []
  const [editing, setEditing] = useState<PymeCategory | 'new'>()
  const { confirm, dialog } = useConfirm()
  const { act } = useAction()
  const full = categories.length >= PYME_CATEGORIES_MAX

  // The buttons' ids, so the focus follows a category that moved.
  const base = useId()
  const buttonId = (id: number, direction: Direction) => `${base}-${id}-${direction}`
  const focusAfter = useRef<{ id: number; direction: Direction }>(undefined)
  useLayoutEffect(() => {
    const wanted = focusAfter.current
    if (!wanted) return
    focusAfter.current = undefined
    const index = categories.findIndex((c) => c.id === wanted.id)
    if (index < 0) return
    // At the top (or bottom) its button in that direction is disabled: the other one takes the focus.
    const direction =
      wanted.direction === 'up' && index === 0
        ? 'down'
        : wanted.direction === 'down' && index === categories.length - 1
          ? 'up'
          : wanted.direction
    document.getElementById(buttonId(wanted.id, direction))?.focus()
  })

  // Only the answer to the latest move counts (a quicker earlier one must not undo a later one).
  const generation = useRef(0)
  const move = async (category: PymeCategory, direction: Direction) => {
    const ids = categories.map((c) => c.id)
    const from = ids.indexOf(category.id)
    const to = from + (direction === 'up' ? -1 : 1)
    if (from < 0 || to < 0 || to >= ids.length) return
    ids.splice(to, 0, ...ids.splice(from, 1))
    const byId = new Map(categories.map((c) => [c.id, c]))
    // The new order shows at once; the server's answer confirms it (or the list is read again).
    focusAfter.current = { id: category.id, direction }
    remote.set({ data: ids.map((id, index) => ({ ...byId.get(id)!, position: index + 1 })) })
    const mine = ++generation.current
    const position = to + 1
    const total = ids.length
    try {
      const saved = await api.put('api/v1/pyme-categories/order', { json: { ids } }).json<Categories>()
      if (mine !== generation.current) return
      remote.set(saved)
      toast(t`${category.name} is now number ${position} of ${total}.`, 'success')
    } catch (error) {
      if (mine !== generation.current) return
      toast(
        errorMessageOf(error) ?? t`The new order could not be saved. Check your connection and try again.`,
        'error',
      )
      remote.reload()
    }
  }

  const remove = async (category: PymeCategory) => {
    const agreed = await confirm({
      title: t`Delete the category “${category.name}”?`,
      body: t`Only a category that no business uses can be deleted.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (!agreed) return
    // A category still in use answers 409 with the reason, shown as an error toast.
    const done = await act(
      () => api.delete(`api/v1/pyme-categories/${category.id}`),
      t`The category has been deleted.`,
    )
    if (done) remote.reload()
  }

  return (
    <>
      <PageHeader
        title={t`Business categories`}
        description={t`They group the businesses of the Benefits directory, in this order.`}
        actions={
          <AriaButton onPress={() => setEditing('new')} isDisabled={!online || full}>
            <Plus aria-hidden="true" className="size-4" />
            <Trans>New category</Trans>
          </AriaButton>
        }
      />
      {!online && remote.status === 'ready' && (
        <FormAlert tone="warning">
          <Trans>You are offline. Changing categories needs a connection.</Trans>
        </FormAlert>
      )}
      {full && (
        <FormAlert tone="info">
          <Trans>A college can have up to {PYME_CATEGORIES_MAX} categories. Delete one to add another.</Trans>
        </FormAlert>
      )}
      <RemoteContent
        status={remote.status}
        error={remote.error}
        onRetry={remote.reload}
        loading={<SkeletonList label={t`Loading categories…`} />}
      >
        {categories.length === 0 ? (
          <EmptyState
            icon={Tags}
            title={t`No categories yet`}
            action={
              <AriaButton variant="secondary" onPress={() => setEditing('new')} isDisabled={!online}>
                <Plus aria-hidden="true" className="size-4" />
                <Trans>New category</Trans>
              </AriaButton>
            }
          >
            <Trans>Categories such as “Food” or “Health” help families find the businesses they need.</Trans>
          </EmptyState>
        ) : (
          <ol
            aria-label={t`Categories`}
            className="card flex flex-col divide-y divide-slate-100 dark:divide-slate-800"
          >
            {categories.map((category, index) => (
              <li key={category.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-ink">
                  <CategoryIcon icon={category.icon} />
                </span>
                <span dir="auto" className="min-w-0 flex-1 basis-32 font-medium break-words">
                  {category.name}
                </span>
                <span className="ms-auto flex gap-1">
                  <IconButton
                    id={buttonId(category.id, 'up')}
                    label={t`Move ${category.name} up`}
                    size="sm"
                    isDisabled={index === 0 || !online}
                    onPress={() => void move(category, 'up')}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </IconButton>
                  <IconButton
                    id={buttonId(category.id, 'down')}
                    label={t`Move ${category.name} down`}
                    size="sm"
                    isDisabled={index === categories.length - 1 || !online}
                    onPress={() => void move(category, 'down')}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </IconButton>
                  <IconButton
                    label={t`Edit ${category.name}`}
                    size="sm"
                    isDisabled={!online}
                    onPress={() => setEditing(category)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </IconButton>
                  <IconButton
                    label={t`Delete ${category.name}`}
                    size="sm"
                    isDisabled={!online}
                    onPress={() => void remove(category)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </IconButton>
                </span>
              </li>
            ))}
          </ol>
        )}
      </RemoteContent>
      {editing && (
        <CategoryFormDialog
          category={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined)
            remote.reload()
          }}
        />
      )}
      {dialog}
    </>
  )
}
