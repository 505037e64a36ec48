// /users/: everyone of the college, searched and filtered from the address, with bulk actions for
// those who may manage people.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { KeyRound, Plus, ShieldCheck, Upload, UserCheck, UserRoundX, Users, UserX } from 'lucide-react'
import { useState } from 'react'
import type { UserBulkResult, UserRow, UserStatus } from '#shared/users.schema.ts'
import { api } from '../../platform/api.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { useRemoteList } from '../../platform/remote.ts'
import { roleLabel } from '../../platform/role-labels.ts'
import { userAtom } from '../../platform/session.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Avatar } from '../../ui/avatar.tsx'
import { Badge } from '../../ui/badge.tsx'
import { BulkBar } from '../../ui/bulk-bar.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { RemoteTable } from '../../ui/remote-table.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { Select } from '../../ui/select.tsx'
import type { ColumnDef, Selection, SortDescriptor } from '../../ui/table.tsx'
import { useAction } from '../../ui/use-action.ts'
import { useCollegeChoices } from './college-choices.ts'
import { RoleDialog } from './role-dialog.tsx'

export type UsersSearch = {
  q?: string
  role?: number
  grade?: number
  course?: number
  status?: UserStatus
  sort?: string
}

const ALL = 'all'

export function fullName(u: { name: string; first_lastname: string; second_lastname?: string }): string {
  return [u.name, u.first_lastname, u.second_lastname].filter(Boolean).join(' ')
}

export function UsersList({
  search,
  onSearch,
}: {
  search: UsersSearch
  onSearch: (next: UsersSearch) => void
}) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const format = useDateFormat()
  const me = useAtomValue(userAtom)
  const canManage = Boolean(me?.permissions.includes('users.manage'))
  const choices = useCollegeChoices()
  const { confirm, dialog } = useConfirm()
  const [selected, setSelected] = useState<Selection>(new Set())
  const [roleDialog, setRoleDialog] = useState(false)
  const { busy, act } = useAction()
  const status = search.status ?? 'active'
  const sort = search.sort ?? 'name'
  const list = useRemoteList<UserRow>('api/v1/users', {
    q: search.q,
    role: search.role,
    grade: search.grade,
    course: search.course,
    status,
    sort,
  })
  const set = (changes: Partial<UsersSearch>) => {
    setSelected(new Set())
    onSearch({ ...search, ...changes })
  }
  const chosenIds = selected === 'all' ? list.rows.map((r) => r.id) : [...selected].map(Number)

  const bulk = async (action: string, extra: Record<string, unknown> = {}) => {
    const result = await act(
      () =>
        api.post('api/v1/users/bulk', { json: { action, ids: chosenIds, ...extra } }).json<UserBulkResult>(),
      (result) =>
        result.skipped
          ? `${plural(result.updated, { one: 'Done for # person.', other: 'Done for # people.' })} ${plural(result.skipped, { one: '# was left as it was.', other: '# were left as they were.' })}`
          : plural(result.updated, { one: 'Done for # person.', other: 'Done for # people.' }),
    )
    if (result) {
      setSelected(new Set())
      list.reload()
    }
  }
  const deactivate = async () => {
    const ok = await confirm({
      title: plural(chosenIds.length, { one: 'Deactivate # person?', other: 'Deactivate # people?' }),
      body: t`They are signed out at once and cannot sign in until they are reactivated. Nothing they wrote is deleted.`,
      confirmLabel: t`Deactivate`,
      destructive: true,
    })
    if (ok) await bulk('deactivate')
  }

  const statusBadge = (u: UserRow) =>
    u.active ? <Badge tone="success">{t`Active`}</Badge> : <Badge tone="neutral">{t`Deactivated`}</Badge>
  const columns: ColumnDef<UserRow>[] = [
    {
      id: 'name',
      title: t({ message: 'Name', context: 'person' }),
      isRowHeader: true,
      allowsSorting: true,
      render: (u) => (
        <span className="flex min-w-0 items-center gap-3">
          <Avatar name={fullName(u)} src={u.avatar_url} size="sm" />
          <span className="flex min-w-0 flex-col">
            <span dir="auto" className="truncate font-medium">
              {fullName(u)}
            </span>
            <span className="text-sm break-all text-muted sm:truncate sm:break-normal">{u.email}</span>
            {/* On a phone the role and status columns are left out (the table was wider than the screen). */}
            <span className="mt-1 flex flex-wrap gap-1 sm:hidden">
              <Badge tone="brand">{roleLabel(i18n, u.role)}</Badge>
              {statusBadge(u)}
            </span>
          </span>
        </span>
      ),
    },
    {
      id: 'role',
      title: t`Role`,
      hideOnPhone: true,
      render: (u) => <Badge tone="brand">{roleLabel(i18n, u.role)}</Badge>,
    },
    {
      id: 'courses',
      title: t`Course`,
      hideOnPhone: true,
      render: (u) => (u.courses.length ? u.courses.map((c) => c.name).join(', ') : '—'),
    },
    { id: 'rut', title: t`RUT`, hideOnPhone: true, render: (u) => <span dir="ltr">{u.rut || '—'}</span> },
    {
      id: 'created_at',
      title: t`Added`,
      allowsSorting: true,
      hideOnPhone: true,
      render: (u) => format(u.created_at, 'date'),
    },
    { id: 'status', title: t`Status`, hideOnPhone: true, render: statusBadge },
  ]
  const sortDescriptor: SortDescriptor = {
    column: sort.replace('-', ''),
    direction: sort.startsWith('-') ? 'descending' : 'ascending',
  }
  const filtered = Boolean(search.q || search.role || search.grade || search.course || status !== 'active')

  return (
    <>
      <PageHeader
        title={t`People`}
        description={t`Families, students and staff of the college.`}
        actions={
          canManage && (
            <>
              {me?.permissions.includes('roles.manage') && (
                <ButtonLink to="/users/roles" variant="ghost">
                  <ShieldCheck aria-hidden="true" className="size-4" />
                  <Trans>Roles</Trans>
                </ButtonLink>
              )}
              <ButtonLink to="/users/import" variant="secondary">
                <Upload aria-hidden="true" className="size-4" />
                <Trans>Import</Trans>
              </ButtonLink>
              <ButtonLink to="/users/new">
                <Plus aria-hidden="true" className="size-4" />
                <Trans>New person</Trans>
              </ButtonLink>
            </>
          )
        }
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]">
        <SearchField
          label={t`Search`}
          placeholder={t`Name, email or RUT`}
          value={search.q ?? ''}
          onChange={(q) => set({ q: q || undefined })}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Select
          label={t`Role`}
          options={[{ id: ALL, name: t`All roles` }, ...choices.roleOptions]}
          value={search.role ?? ALL}
          onChange={(key) => set({ role: key === ALL || key === null ? undefined : Number(key) })}
        />
        <Select
          label={t`Grade`}
          options={[{ id: ALL, name: t`All grades` }, ...choices.gradeOptions]}
          value={search.grade ?? ALL}
          onChange={(key) => set({ grade: key === ALL || key === null ? undefined : Number(key) })}
        />
        <Select
          label={t`Course`}
          options={[{ id: ALL, name: t`All courses` }, ...choices.courseOptions]}
          value={search.course ?? ALL}
          onChange={(key) => set({ course: key === ALL || key === null ? undefined : Number(key) })}
        />
        <Select
          label={t`Status`}
          options={[
            { id: 'active', name: t`Active` },
            { id: 'inactive', name: t`Deactivated` },
            { id: 'all', name: t`Everyone` },
          ]}
          value={status}
          onChange={(key) => set({ status: key === 'active' ? undefined : (key as UserStatus) })}
        />
      </div>
      {canManage && (
        <BulkBar count={chosenIds.length} onClear={() => setSelected(new Set())}>
          <AriaButton size="sm" variant="secondary" isDisabled={busy} onPress={() => void bulk('send_reset')}>
            <KeyRound aria-hidden="true" className="size-4" />
            <Trans>Send password link</Trans>
          </AriaButton>
          <AriaButton size="sm" variant="secondary" isDisabled={busy} onPress={() => setRoleDialog(true)}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            <Trans>Change role</Trans>
          </AriaButton>
          {status === 'active' ? (
            <AriaButton size="sm" variant="danger" isDisabled={busy} onPress={() => void deactivate()}>
              <UserX aria-hidden="true" className="size-4" />
              <Trans>Deactivate</Trans>
            </AriaButton>
          ) : (
            <AriaButton
              size="sm"
              variant="secondary"
              isDisabled={busy}
              onPress={() => void bulk('reactivate')}
            >
              <UserCheck aria-hidden="true" className="size-4" />
              <Trans>Reactivate</Trans>
            </AriaButton>
          )}
        </BulkBar>
      )}
      <RemoteTable
        list={list}
        loadingLabel={t`Loading people…`}
        label={t`People`}
        columns={columns}
        selectionMode={canManage ? 'multiple' : 'none'}
        selectedKeys={selected}
        onSelectionChange={setSelected}
        selectRowLabel={(u) => t`Choose ${fullName(u)}`}
        sortDescriptor={sortDescriptor}
        onSortChange={(d) => set({ sort: `${d.direction === 'descending' ? '-' : ''}${String(d.column)}` })}
        onRowAction={(key) => void navigate({ to: '/users/$', params: { _splat: String(key) } })}
        empty={
          filtered ? (
            <EmptyState
              icon={UserRoundX}
              title={t`Nobody matches this search`}
              className="shadow-none ring-0"
            >
              <Trans>Try other words, or clear the filters.</Trans>
            </EmptyState>
          ) : (
            <EmptyState icon={Users} title={t`Nobody here yet`} className="shadow-none ring-0">
              <Trans>Add the college’s people one by one, or import them from a spreadsheet.</Trans>
            </EmptyState>
          )
        }
      />
      <RoleDialog
        isOpen={roleDialog}
        count={chosenIds.length}
        options={choices.roleOptions}
        onClose={() => setRoleDialog(false)}
        onChoose={async (roleId) => {
          setRoleDialog(false)
          await bulk('set_role', { role_id: roleId })
        }}
      />
      {dialog}
    </>
  )
}
