// /platform/colleges (platform owner): every college served, its host names and people; create one
// with its first administrator, suspend or resume one (nothing is deleted).
import { Trans, useLingui } from '@lingui/react/macro'
import { Building2, ChartColumn, Pause, Play, Plus } from 'lucide-react'
import { useState } from 'react'
import { LOCALE_NAMES, type Locale } from '#shared/constants.ts'
import type { PlatformCollege } from '#shared/platform.schema.ts'
import { api } from '../../platform/api.ts'
import { useRemoteList } from '../../platform/remote.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { RemoteTable } from '../../ui/remote-table.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import type { ColumnDef } from '../../ui/table.tsx'
import { useAction } from '../../ui/use-action.ts'
import { CollegeDialog } from './college-dialog.tsx'

export function PlatformColleges({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useLingui()
  const list = useRemoteList<PlatformCollege>('api/v1/platform/colleges', { q })
  const [creating, setCreating] = useState(false)
  const { confirm, dialog } = useConfirm()
  const { act } = useAction()
  const suspend = async (college: PlatformCollege, value: boolean) => {
    const ok =
      !value ||
      (await confirm({
        title: t`Suspend ${college.name}?`,
        body: t`Its people will see a page saying the college is suspended, and cannot sign in. Nothing is deleted: resuming brings everything back.`,
        confirmLabel: t`Suspend`,
        destructive: true,
      }))
    if (
      ok &&
      (await act(
        () => api.post(`api/v1/platform/colleges/${college.id}/${value ? 'suspend' : 'resume'}`),
        value ? t`${college.name} is suspended.` : t`${college.name} is back.`,
      ))
    )
      list.reload()
  }
  const columns: ColumnDef<PlatformCollege>[] = [
    {
      id: 'name',
      title: t`College`,
      isRowHeader: true,
      render: (c) => (
        <span className="flex flex-col">
          <span dir="auto" className="font-medium">
            {c.name}
          </span>
          <span className="text-sm text-muted" dir="ltr">
            {c.hosts.join(', ')}
          </span>
        </span>
      ),
    },
    {
      id: 'language',
      title: t`Language`,
      hideOnPhone: true,
      render: (c) => LOCALE_NAMES[c.language as Locale] ?? c.language,
    },
    {
      id: 'people',
      title: t`People`,
      hideOnPhone: true,
      render: (c) => <span className="tabular-nums">{c.people}</span>,
    },
    {
      id: 'status',
      title: t`Status`,
      render: (c) =>
        c.suspended_at ? (
          <Badge tone="danger">{t({ message: 'Suspended', context: 'college' })}</Badge>
        ) : (
          <Badge tone="success">{t({ message: 'Active', context: 'college' })}</Badge>
        ),
    },
    {
      id: 'actions',
      title: t`Actions`,
      render: (c) => (
        <span className="flex flex-wrap items-center gap-2">
          <ButtonLink
            to="/statistics"
            search={{ college: c.id }}
            size="sm"
            variant="ghost"
            aria-label={t`Statistics of ${c.name}`}
          >
            <ChartColumn aria-hidden="true" className="size-4" />
            {t`Statistics`}
          </ButtonLink>
          {c.suspended_at ? (
            <AriaButton size="sm" variant="secondary" onPress={() => void suspend(c, false)}>
              <Play aria-hidden="true" className="size-4" />
              {t`Resume`}
            </AriaButton>
          ) : (
            <AriaButton size="sm" variant="ghost" onPress={() => void suspend(c, true)}>
              <Pause aria-hidden="true" className="size-4" />
              {t`Suspend`}
            </AriaButton>
          )}
        </span>
      ),
    },
  ]
  return (
    <>
      <PageHeader
        title={t`Colleges`}
        description={t`Every college this platform serves, by the addresses it answers on.`}
        actions={
          <AriaButton onPress={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t`New college`}
          </AriaButton>
        }
      />
      <SearchField label={t`Search`} placeholder={t`Name or address`} value={q} onChange={onSearch} />
      <RemoteTable
        list={list}
        loadingLabel={t`Loading colleges…`}
        label={t`Colleges`}
        columns={columns}
        empty={
          <EmptyState
            icon={Building2}
            title={q ? t`No college matches` : t`No colleges yet`}
            className="shadow-none ring-0"
          >
            {!q && <Trans>Create the first one with its address and administrator.</Trans>}
          </EmptyState>
        }
      />
      {creating && (
        <CollegeDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false)
            list.reload()
          }}
        />
      )}
      {dialog}
    </>
  )
}
