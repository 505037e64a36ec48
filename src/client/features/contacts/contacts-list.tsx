// /admin/contacts: what visitors wrote through the home page and what staff noted by hand, newest
// first, searched and filtered from the address.
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { Inbox, Plus } from 'lucide-react'
import type { ContactMessage, ContactStatus } from '#shared/contacts.schema.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { useRemoteList } from '../../platform/remote.ts'
import { Badge } from '../../ui/badge.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { RemoteTable } from '../../ui/remote-table.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { Select } from '../../ui/select.tsx'
import type { ColumnDef, SortDescriptor } from '../../ui/table.tsx'
import { StatusBadge } from './status-badge.tsx'

export type ContactsSearch = {
  q?: string
  status?: ContactStatus | 'all'
  sort?: 'created_at' | '-created_at'
}

export function ContactsList({
  search,
  onSearch,
}: {
  search: ContactsSearch
  onSearch: (next: ContactsSearch) => void
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const format = useDateFormat()
  const status = search.status ?? 'new'
  const sort = search.sort ?? '-created_at'
  const list = useRemoteList<ContactMessage, { new_count: number }>('api/v1/contact-messages', {
    q: search.q,
    status,
    sort,
  })
  const columns: ColumnDef<ContactMessage>[] = [
    {
      id: 'from',
      title: t`From`,
      isRowHeader: true,
      render: (m) => (
        <span className="flex min-w-0 flex-col">
          <span dir="auto" className="font-medium">
            {m.name}
          </span>
          <span className="truncate text-sm text-muted">{m.email}</span>
        </span>
      ),
    },
    {
      id: 'message',
      title: t`Message`,
      hideOnPhone: true,
      render: (m) => (
        <span dir="auto" className="line-clamp-2 max-w-md text-sm">
          {m.message}
        </span>
      ),
    },
    {
      id: 'created_at',
      title: t`Received`,
      allowsSorting: true,
      render: (m) => <span className="whitespace-nowrap">{format(m.created_at, 'dateTime')}</span>,
    },
    {
      id: 'status',
      title: t`Status`,
      render: (m) => (
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={m.status} />
          {m.source === 'staff' && <Badge tone="neutral">{t`Noted by staff`}</Badge>}
        </span>
      ),
    },
  ]
  const sortDescriptor: SortDescriptor = {
    column: 'created_at',
    direction: sort.startsWith('-') ? 'descending' : 'ascending',
  }
  return (
    <>
      <PageHeader
        title={t`Contacts`}
        description={
          list.extra?.new_count
            ? t`${list.extra.new_count} waiting for an answer.`
            : t`Messages from visitors of the home page.`
        }
        actions={
          <ButtonLink to="/admin/contacts/create">
            <Plus aria-hidden="true" className="size-4" />
            <Trans>Note a contact</Trans>
          </ButtonLink>
        }
      />
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <SearchField
          label={t`Search`}
          placeholder={t`Name, email or words of the message`}
          value={search.q ?? ''}
          onChange={(q) => onSearch({ ...search, q: q || undefined })}
        />
        <Select
          label={t`Status`}
          options={[
            { id: 'new', name: t`Waiting` },
            { id: 'handled', name: t`Handled` },
            { id: 'all', name: t`All` },
          ]}
          value={status}
          onChange={(key) =>
            onSearch({ ...search, status: key === 'new' ? undefined : (key as ContactStatus | 'all') })
          }
        />
      </div>
      <RemoteTable
        list={list}
        loadingLabel={t`Loading contacts…`}
        label={t`Contacts`}
        columns={columns}
        sortDescriptor={sortDescriptor}
        onSortChange={(d) =>
          onSearch({ ...search, sort: d.direction === 'ascending' ? 'created_at' : undefined })
        }
        onRowAction={(key) => void navigate({ to: '/admin/contacts/$', params: { _splat: String(key) } })}
        empty={
          <EmptyState
            icon={Inbox}
            title={status === 'new' && !search.q ? t`Nothing waiting` : t`No messages match`}
            className="shadow-none ring-0"
          >
            {status === 'new' && !search.q && <Trans>Messages written on the home page arrive here.</Trans>}
          </EmptyState>
        }
      />
    </>
  )
}
