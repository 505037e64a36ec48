// /companies/users/?company=<id>: the people who manage one company's businesses and promotions. The
// company is chosen at the top (and kept in the address); admins invite users by email, see who has
// not accepted yet, and remove them.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { ArrowLeft, Briefcase, MailPlus, SearchX, Trash2, UsersRound } from 'lucide-react'
import { useId, useState } from 'react'
import type { Company, CompanyUser } from '#shared/benefits.schema.ts'
import { api } from '../../platform/api.ts'
import { onlineAtom } from '../../platform/online.ts'
import { useRemote, useRemoteList } from '../../platform/remote.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { ButtonLink, TextLink } from '../../ui/link.tsx'
import { RemoteContent, TableSkeleton } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { RemoteTable } from '../../ui/remote-table.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { Select } from '../../ui/select.tsx'
import type { ColumnDef } from '../../ui/table.tsx'
import { useAction } from '../../ui/use-action.ts'
import { InviteCompanyUserDialog } from './invite-company-user-dialog.tsx'

export type CompanyUsersSearch = { company?: number; q?: string }

/** The companies offered at the top: enough for a college's local businesses. */
const COMPANIES_LIMIT = 100

export function CompanyUsersPage({
  search,
  onSearch,
}: {
  search: CompanyUsersSearch
  onSearch: (next: CompanyUsersSearch) => void
}) {
  const { t } = useLingui()
  const companies = useRemoteList<Company>('api/v1/companies', { limit: COMPANIES_LIMIT })
  const chosenId = search.company
  const listed = companies.rows.find((c) => c.id === chosenId)
  // A company past the first page (or one just created elsewhere) is read on its own.
  const single = useRemote<Company>(
    chosenId && companies.status === 'ready' && !listed ? `api/v1/companies/${chosenId}` : null,
  )
  const chosen = listed ?? (single.data?.id === chosenId ? single.data : undefined)
  const options = [...companies.rows, ...(chosen && !listed ? [chosen] : [])].map((c) => ({
    id: c.id,
    name: c.name,
  }))

  return (
    <>
      <PageHeader
        title={t`Company users`}
        description={t`People who manage a company’s businesses and promotions.`}
        before={
          <TextLink to="/company" className="inline-flex items-center gap-1 self-start text-sm">
            <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            <Trans>Companies</Trans>
          </TextLink>
        }
      />
      <RemoteContent
        status={companies.status}
        error={companies.error}
        onRetry={companies.reload}
        loading={<TableSkeleton rows={3} label={t`Loading companies…`} />}
      >
        {companies.rows.length === 0 && !chosenId ? (
          <EmptyState
            icon={Briefcase}
            title={t`No companies yet`}
            action={
              <ButtonLink to="/company" variant="secondary">
                <Trans>Go to companies</Trans>
              </ButtonLink>
            }
          >
            <Trans>Add a company first; then invite the people who manage its businesses.</Trans>
          </EmptyState>
        ) : (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <Select
                label={t`Company`}
                placeholder={t`Choose a company`}
                options={options}
                value={chosen ? chosen.id : null}
                onChange={(key) => {
                  if (key !== null) onSearch({ company: Number(key) })
                }}
              />
              <SearchField
                label={t`Search users`}
                placeholder={t`Name or email`}
                value={search.q ?? ''}
                onChange={(q) => onSearch({ ...search, q: q || undefined })}
              />
            </div>
            {!chosenId ? (
              <EmptyState icon={Briefcase} title={t`Choose a company`}>
                <Trans>Its users are listed here, and you can invite more.</Trans>
              </EmptyState>
            ) : chosen ? (
              // A new company starts afresh: never the previous one's users while its own load.
              <CompanyUsers key={chosen.id} company={chosen} q={search.q ?? ''} />
            ) : (
              <RemoteContent
                status={single.status}
                error={single.error}
                onRetry={single.reload}
                loading={<TableSkeleton rows={3} label={t`Loading users…`} />}
              >
                {null}
              </RemoteContent>
            )}
          </>
        )}
      </RemoteContent>
    </>
  )
}

function CompanyUsers({ company, q }: { company: Pick<Company, 'id' | 'name'>; q: string }) {
  const { t } = useLingui()
  const online = useAtomValue(onlineAtom)
  // Searched on the server, a page at a time: a company with many people is never read whole.
  const list = useRemoteList<CompanyUser>(`api/v1/companies/${company.id}/users`, {
    q: q.trim() || undefined,
  })
  const [inviting, setInviting] = useState(false)
  const { confirm, dialog } = useConfirm()
  const { act } = useAction()
  const headingId = useId()
  const searching = q.trim() !== ''

  const remove = async (user: CompanyUser) => {
    const agreed = await confirm({
      title: t`Remove ${user.name} from ${company.name}?`,
      body: user.invited
        ? t`Their invitation stops working.`
        : t`Their account is closed and they are signed out: they can no longer manage the company’s businesses.`,
      confirmLabel: t`Remove`,
      destructive: true,
    })
    if (!agreed) return
    const done = await act(
      () => api.delete(`api/v1/companies/${company.id}/users/${user.id}`),
      t`${user.name} has been removed.`,
    )
    if (done) list.reload()
  }

  const columns: ColumnDef<CompanyUser>[] = [
    {
      id: 'name',
      title: t({ message: 'Name', context: 'person' }),
      isRowHeader: true,
      render: (u) => (
        <span className="flex min-w-0 flex-col">
          <span dir="auto" className="font-medium">
            {u.name}
          </span>
          <span className="text-sm break-all text-muted sm:hidden">{u.email}</span>
        </span>
      ),
    },
    {
      id: 'email',
      title: t`Email`,
      hideOnPhone: true,
      render: (u) => <span className="break-all">{u.email}</span>,
    },
    {
      id: 'state',
      title: t`State`,
      render: (u) =>
        u.invited ? <Badge tone="warning">{t`Invited`}</Badge> : <Badge tone="success">{t`Active`}</Badge>,
    },
    {
      id: 'actions',
      title: t`Actions`,
      render: (u) => (
        <IconButton label={t`Remove ${u.name}`} size="sm" isDisabled={!online} onPress={() => void remove(u)}>
          <Trash2 aria-hidden="true" className="size-4" />
        </IconButton>
      ),
    },
  ]

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} dir="auto" className="min-w-0 text-lg font-semibold break-words">
          {t`Users of ${company.name}`}
        </h2>
        <AriaButton onPress={() => setInviting(true)} isDisabled={!online}>
          <MailPlus aria-hidden="true" className="size-4" />
          <Trans>Invite a user</Trans>
        </AriaButton>
      </div>
      <RemoteTable
        list={list}
        loadingLabel={t`Loading users…`}
        label={t`Users of ${company.name}`}
        columns={columns}
        empty={
          searching ? (
            <EmptyState icon={SearchX} title={t`Nobody matches`} className="shadow-none ring-0" />
          ) : (
            <EmptyState icon={UsersRound} title={t`No users yet`} className="shadow-none ring-0">
              <Trans>Invite the people who will publish this company’s businesses and promotions.</Trans>
            </EmptyState>
          )
        }
      />
      {list.rows.some((u) => u.invited) && (
        <p className="text-sm text-muted">
          <Trans>“Invited” means they have not chosen their password yet.</Trans>
        </p>
      )}
      {inviting && (
        <InviteCompanyUserDialog
          company={company}
          onClose={() => setInviting(false)}
          onSaved={() => {
            setInviting(false)
            list.reload()
          }}
        />
      )}
      {dialog}
    </section>
  )
}
