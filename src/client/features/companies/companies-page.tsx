// /company: the local businesses the college accepted, searched from the address, with how many
// listings and users each has. Admins create and edit them in a dialog, delete those without
// businesses, and open each one's users.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Briefcase, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { Company } from '#shared/benefits.schema.ts'
import { api } from '../../platform/api.ts'
import { onlineAtom } from '../../platform/online.ts'
import { useRemoteList } from '../../platform/remote.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { TextLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { RemoteTable } from '../../ui/remote-table.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import type { ColumnDef } from '../../ui/table.tsx'
import { useAction } from '../../ui/use-action.ts'
import { CompanyFormDialog } from './company-form-dialog.tsx'

export type CompaniesSearch = { q?: string }

export function CompaniesPage({
  search,
  onSearch,
}: {
  search: CompaniesSearch
  onSearch: (next: CompaniesSearch) => void
}) {
  const { t } = useLingui()
  const online = useAtomValue(onlineAtom)
  const list = useRemoteList<Company>('api/v1/companies', { q: search.q })
  const [editing, setEditing] = useState<Company | 'new'>()
  const { confirm, dialog } = useConfirm()
  const { act } = useAction()

  const remove = async (company: Company) => {
    const agreed = await confirm({
      title: t`Delete the company “${company.name}”?`,
      body:
        company.pyme_count > 0
          ? plural(company.pyme_count, {
              one: 'It still has # business: delete it first.',
              other: 'It still has # businesses: delete them first.',
            })
          : t`The accounts of its users are closed, and they are signed out.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (!agreed) return
    // A company that still has businesses answers 409 with the reason, shown as an error toast.
    const done = await act(
      () => api.delete(`api/v1/companies/${company.id}`),
      t`The company has been deleted.`,
    )
    if (done) list.reload()
  }

  const columns: ColumnDef<Company>[] = [
    {
      id: 'name',
      title: t`Company`,
      isRowHeader: true,
      render: (c) => (
        <span className="flex min-w-0 items-start gap-3">
          {c.logo_url && (
            <img
              src={c.logo_url}
              alt=""
              className="size-10 shrink-0 rounded-lg object-contain ring-1 ring-slate-200 dark:ring-slate-700"
            />
          )}
          <span className="flex min-w-0 flex-col">
            <span dir="auto" className="font-medium">
              {c.name}
            </span>
            {c.rut && (
              <span dir="ltr" className="text-sm text-muted sm:hidden">
                {c.rut}
              </span>
            )}
            <span className="text-sm text-muted sm:hidden">
              {plural(c.pyme_count, { one: '# business', other: '# businesses' })}
            </span>
          </span>
        </span>
      ),
    },
    {
      id: 'rut',
      title: t`RUT`,
      hideOnPhone: true,
      render: (c) =>
        c.rut ? (
          <span dir="ltr" className="whitespace-nowrap">
            {c.rut}
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'contact',
      title: t`Contact`,
      hideOnPhone: true,
      render: (c) =>
        c.contact_name || c.email || c.phone ? (
          <span className="flex flex-col text-sm">
            {c.contact_name && <span dir="auto">{c.contact_name}</span>}
            {c.email && <span className="break-all text-muted">{c.email}</span>}
            {c.phone && (
              <span dir="ltr" className="text-muted">
                {c.phone}
              </span>
            )}
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'pymes',
      title: t`Businesses`,
      hideOnPhone: true,
      render: (c) => <span className="tabular-nums">{c.pyme_count}</span>,
    },
    {
      id: 'users',
      title: t`Users`,
      render: (c) => (
        <TextLink
          to="/companies/users"
          search={{ company: c.id }}
          aria-label={plural(c.user_count, { one: `# user of ${c.name}`, other: `# users of ${c.name}` })}
          className="whitespace-nowrap tabular-nums"
        >
          {plural(c.user_count, { one: '# user', other: '# users' })}
        </TextLink>
      ),
    },
    {
      id: 'actions',
      title: t`Actions`,
      render: (c) => (
        <span className="flex gap-1">
          <IconButton label={t`Edit ${c.name}`} size="sm" isDisabled={!online} onPress={() => setEditing(c)}>
            <Pencil aria-hidden="true" className="size-4" />
          </IconButton>
          <IconButton
            label={t`Delete ${c.name}`}
            size="sm"
            isDisabled={!online}
            onPress={() => void remove(c)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        </span>
      ),
    },
  ]

  return (
    <>
      <PageHeader
        title={t`Companies`}
        description={t`Local businesses the college accepted. Their users manage the businesses and promotions families see.`}
        actions={
          <AriaButton onPress={() => setEditing('new')} isDisabled={!online}>
            <Plus aria-hidden="true" className="size-4" />
            <Trans>New company</Trans>
          </AriaButton>
        }
      />
      <SearchField
        label={t`Search`}
        placeholder={t`Name, RUT or contact`}
        value={search.q ?? ''}
        onChange={(q) => onSearch({ ...search, q: q || undefined })}
      />
      <RemoteTable
        list={list}
        loadingLabel={t`Loading companies…`}
        label={t`Companies`}
        columns={columns}
        empty={
          <EmptyState
            icon={Briefcase}
            title={search.q ? t`No companies match` : t`No companies yet`}
            className="shadow-none ring-0"
          >
            {!search.q && (
              <Trans>Add the local businesses that advertise in the college, then invite their users.</Trans>
            )}
          </EmptyState>
        }
      />
      {editing && (
        <CompanyFormDialog
          company={editing === 'new' ? undefined : editing}
          onClose={() => {
            setEditing(undefined)
            // A logo changed in the dialog went up at once: the list shows it.
            list.reload()
          }}
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
