// /pymes: the college's local businesses (a company's users see only their company's), searched and
// filtered by category from the address, each with its photo, category, company and how many of its
// promotions families see today. A new business opens its page once added.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { Plus, SearchX, Store } from 'lucide-react'
import { useState } from 'react'
import type { Pyme, PymeCategory } from '#shared/benefits.schema.ts'
import { userHasPermission } from '#shared/permissions.ts'
import { todayIn } from '#shared/time-zones.ts'
import { onlineAtom } from '../../platform/online.ts'
import { useRemote, useRemoteList } from '../../platform/remote.ts'
import { userAtom } from '../../platform/session.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { RemoteTable } from '../../ui/remote-table.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { Select } from '../../ui/select.tsx'
import type { ColumnDef } from '../../ui/table.tsx'
import { CategoryName } from './category-name.tsx'
import { OfflineNote } from './offline-note.tsx'
import { currentPromotionCount } from './promotion-status.ts'
import { PymeFormDialog } from './pyme-form-dialog.tsx'
import { PymeThumb } from './pyme-photo.tsx'

export type PymesSearch = { q?: string; category?: number }

const ALL = 'all'

export function PymesPage({
  search,
  onSearch,
}: {
  search: PymesSearch
  onSearch: (next: PymesSearch) => void
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const online = useAtomValue(onlineAtom)
  const today = todayIn(useCollegeZone())
  const [creating, setCreating] = useState(false)
  const categories = useRemote<{ data: PymeCategory[] }>('api/v1/pyme-categories')
  const list = useRemoteList<Pyme>('api/v1/pymes', { q: search.q, category_id: search.category })
  // The college's administrators see every company's businesses; a company's users only their own.
  const allCompanies = userHasPermission(user, 'college.manage')
  const categoryOf = new Map((categories.data?.data ?? []).map((c) => [c.id, c]))
  const filtered = Boolean(search.q || search.category)

  const newButton = (variant: 'primary' | 'secondary') => (
    <AriaButton variant={variant} onPress={() => setCreating(true)} isDisabled={!online}>
      <Plus aria-hidden="true" className="size-4" />
      <Trans>New business</Trans>
    </AriaButton>
  )
  const columns: ColumnDef<Pyme>[] = [
    {
      id: 'name',
      title: t`Business`,
      isRowHeader: true,
      render: (p) => (
        <span className="flex min-w-0 items-center gap-3">
          <PymeThumb src={p.photo_url} />
          <span className="flex min-w-0 flex-col">
            <span dir="auto" className="font-medium break-words">
              {p.name}
            </span>
            {/* On a phone the category sits under the name, its column hidden. */}
            <span className="text-sm text-muted sm:hidden">
              <CategoryName category={categoryOf.get(p.category_id)} />
            </span>
            {p.commune && (
              <span dir="auto" className="hidden truncate text-sm text-muted sm:block">
                {p.commune}
              </span>
            )}
          </span>
        </span>
      ),
    },
    {
      id: 'category',
      title: t`Category`,
      hideOnPhone: true,
      render: (p) => <CategoryName category={categoryOf.get(p.category_id)} />,
    },
    ...(allCompanies
      ? [
          {
            id: 'company',
            title: t`Company`,
            hideOnPhone: true,
            render: (p: Pyme) => <span dir="auto">{p.company_name}</span>,
          },
        ]
      : []),
    {
      id: 'promotions',
      title: t`Promotions now`,
      render: (p) => {
        const count = currentPromotionCount(p, today)
        return count > 0 ? (
          <Badge tone="success">{plural(count, { one: '# current', other: '# current' })}</Badge>
        ) : (
          <span className="text-sm whitespace-nowrap text-muted">{t`None`}</span>
        )
      },
    },
  ]

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t`Businesses`}
        description={
          allCompanies
            ? t`Local businesses that advertise in the college, and their promotions for families.`
            : t`Your company's businesses and their promotions, which families see in Benefits.`
        }
        actions={newButton('primary')}
      />
      {!online && <OfflineNote />}
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <SearchField
          label={t`Search businesses`}
          placeholder={t`Business name`}
          value={search.q ?? ''}
          onChange={(q) => onSearch({ ...search, q: q || undefined })}
        />
        <Select
          label={t`Category`}
          options={[
            { id: ALL, name: t`All categories` },
            ...(categories.data?.data ?? []).map((c) => ({ id: String(c.id), name: c.name })),
          ]}
          value={search.category ? String(search.category) : ALL}
          onChange={(key) =>
            onSearch({ ...search, category: key === ALL || key === null ? undefined : Number(key) })
          }
        />
      </div>
      <RemoteTable
        list={list}
        loadingLabel={t`Loading businesses…`}
        label={filtered ? t`Businesses found` : t`Businesses`}
        columns={columns}
        onRowAction={(key) => void navigate({ to: '/pyme/details/$id', params: { id: String(key) } })}
        empty={
          filtered ? (
            <EmptyState
              icon={SearchX}
              title={t`No business matches this search`}
              className="shadow-none ring-0"
            >
              <Trans>Try other words, or choose "All categories".</Trans>
            </EmptyState>
          ) : (
            <EmptyState
              icon={Store}
              title={t`No businesses yet`}
              action={newButton('secondary')}
              className="shadow-none ring-0"
            >
              <Trans>
                Add a local business with its contact details and photo, then its promotions: families find
                them in Benefits.
              </Trans>
            </EmptyState>
          )
        }
      />
      {creating && (
        <PymeFormDialog
          categories={categories}
          onClose={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false)
            void navigate({ to: '/pyme/details/$id', params: { id: saved.id } })
          }}
        />
      )}
    </div>
  )
}
