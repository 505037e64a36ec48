// /colleges/managers/: the management team's directory (shown on the home page): searched, filtered by
// category (a category is a link that filters), paged, and edited in a dialog.
import { Trans, useLingui } from '@lingui/react/macro'
import { Pencil, Plus, Trash2, UsersRound, X } from 'lucide-react'
import { useState } from 'react'
import { Button as AriaLinkButton } from 'react-aria-components'
import type { Manager } from '#shared/colleges.schema.ts'
import { api } from '../../platform/api.ts'
import { useRemoteList } from '../../platform/remote.ts'
import { AriaButton, AriaIconButton } from '../../ui/aria-button.tsx'
import { Avatar } from '../../ui/avatar.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { RemoteTable } from '../../ui/remote-table.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import type { ColumnDef } from '../../ui/table.tsx'
import { useAction } from '../../ui/use-action.ts'
import { BackToCollege } from './college-details.tsx'
import { ManagerDialog } from './manager-dialog.tsx'

export type ManagersSearch = { q?: string; category?: string }

export function CollegeManagers({
  search,
  onSearch,
}: {
  search: ManagersSearch
  onSearch: (next: ManagersSearch) => void
}) {
  const { t } = useLingui()
  const list = useRemoteList<Manager, { categories: string[] }>('api/v1/college/managers', {
    q: search.q,
    category: search.category,
  })
  const [editing, setEditing] = useState<Manager | 'new'>()
  const { confirm, dialog } = useConfirm()
  const { act } = useAction()
  const remove = async (manager: Manager) => {
    const ok = await confirm({
      title: t`Remove ${manager.name} from the directory?`,
      confirmLabel: t`Remove`,
      destructive: true,
    })
    if (
      ok &&
      (await act(
        () => api.delete(`api/v1/college/managers/${manager.id}`),
        t`${manager.name} has been removed.`,
      ))
    )
      list.reload()
  }
  const columns: ColumnDef<Manager>[] = [
    {
      id: 'name',
      title: t({ message: 'Name', context: 'person' }),
      isRowHeader: true,
      render: (m) => (
        <span className="flex items-center gap-3">
          <Avatar name={m.name} src={m.photo_url} size="sm" />
          <span className="flex flex-col">
            <span dir="auto" className="font-medium">
              {m.name}
            </span>
            <span dir="auto" className="text-sm text-muted">
              {m.position}
            </span>
          </span>
        </span>
      ),
    },
    {
      id: 'category',
      title: t`Category`,
      render: (m) =>
        m.category ? (
          <AriaLinkButton
            onPress={() => onSearch({ ...search, category: m.category })}
            className="link text-start"
            aria-label={t`Show only ${m.category}`}
          >
            {m.category}
          </AriaLinkButton>
        ) : (
          '—'
        ),
    },
    {
      id: 'contact',
      title: t`Contact`,
      hideOnPhone: true,
      render: (m) => (
        <span className="flex flex-col text-sm">
          {m.email && <span>{m.email}</span>}
          {m.phone && <span dir="ltr">{m.phone}</span>}
        </span>
      ),
    },
    {
      id: 'actions',
      title: t`Actions`,
      render: (m) => (
        <span className="flex gap-1">
          <AriaIconButton label={t`Edit ${m.name}`} size="sm" onPress={() => setEditing(m)}>
            <Pencil aria-hidden="true" className="size-4" />
          </AriaIconButton>
          <AriaIconButton label={t`Remove ${m.name}`} size="sm" onPress={() => void remove(m)}>
            <Trash2 aria-hidden="true" className="size-4" />
          </AriaIconButton>
        </span>
      ),
    },
  ]
  return (
    <>
      <PageHeader
        title={t`Managers`}
        description={t`The management team, as the home page’s directory shows it.`}
        before={<BackToCollege />}
        actions={
          <AriaButton onPress={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {t`New manager`}
          </AriaButton>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          label={t`Search`}
          placeholder={t`Name, position or email`}
          value={search.q ?? ''}
          onChange={(q) => onSearch({ ...search, q: q || undefined })}
          className="min-w-64 flex-1"
        />
        {search.category && (
          <AriaButton variant="secondary" onPress={() => onSearch({ ...search, category: undefined })}>
            {t`Category: ${search.category}`}
            <X aria-hidden="true" className="size-4" />
          </AriaButton>
        )}
      </div>
      <RemoteTable
        list={list}
        loadingLabel={t`Loading managers…`}
        label={t`Managers`}
        columns={columns}
        empty={
          <EmptyState
            icon={UsersRound}
            title={search.q || search.category ? t`Nobody matches` : t`No managers yet`}
            className="shadow-none ring-0"
          >
            {!search.q && !search.category && (
              <Trans>Add the principal, the heads of each area and whom families should know.</Trans>
            )}
          </EmptyState>
        }
      />
      {editing && (
        <ManagerDialog
          manager={editing === 'new' ? undefined : editing}
          categories={list.extra?.categories ?? []}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined)
            list.reload()
          }}
        />
      )}
      {dialog}
    </>
  )
}
