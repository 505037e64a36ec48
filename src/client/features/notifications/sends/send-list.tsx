// /college-notifications: what the college sent and scheduled, newest first, with how far each
// reached and how many read it; searched from the address.
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { BellRing, Plus, Siren } from 'lucide-react'
import type { NotificationSend } from '#shared/notifications.schema.ts'
import { useDateFormat } from '../../../platform/dates.ts'
import { useRemoteList } from '../../../platform/remote.ts'
import { Badge } from '../../../ui/badge.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { ButtonLink } from '../../../ui/link.tsx'
import { PageHeader } from '../../../ui/page-header.tsx'
import { RemoteTable } from '../../../ui/remote-table.tsx'
import { SearchField } from '../../../ui/search-field.tsx'
import type { ColumnDef } from '../../../ui/table.tsx'
import { percentOf, RatioBar, sendState, useAudienceLabel, useSendTime } from './send-parts.tsx'

export type SendsSearch = { q?: string }

export function SendList({
  search,
  onSearch,
}: {
  search: SendsSearch
  onSearch: (next: SendsSearch) => void
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const format = useDateFormat()
  const audienceLabel = useAudienceLabel()
  const sendTime = useSendTime()
  const list = useRemoteList<NotificationSend>('api/v1/college-notifications', { q: search.q })
  const columns: ColumnDef<NotificationSend>[] = [
    {
      id: 'title',
      title: t`Notification`,
      isRowHeader: true,
      render: (s) => (
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="flex flex-wrap items-center gap-2">
            <span dir="auto" className="font-medium">
              {s.title}
            </span>
            {s.emergency && (
              <Badge tone="danger" icon={<Siren aria-hidden="true" className="size-3.5" />}>
                {t`Emergency`}
              </Badge>
            )}
          </span>
          <span dir="auto" className="line-clamp-2 max-w-md text-sm text-muted">
            {s.content}
          </span>
        </span>
      ),
    },
    {
      id: 'audience',
      title: t`For`,
      hideOnPhone: true,
      render: (s) => <span className="whitespace-nowrap">{audienceLabel(s)}</span>,
    },
    {
      id: 'time',
      title: t`Status`,
      render: (s) => {
        const state = sendState(s)
        return state === 'cancelled' ? (
          <Badge tone="neutral">{sendTime(s)}</Badge>
        ) : (
          <span className={`text-sm ${state === 'sent' ? '' : 'text-amber-800 dark:text-amber-200'}`}>
            {sendTime(s)}
          </span>
        )
      },
    },
    {
      id: 'reached',
      title: t`Reached`,
      hideOnPhone: true,
      render: (s) => <span className="tabular-nums">{s.sent_at ? s.recipients : '—'}</span>,
    },
    {
      id: 'read',
      title: t`Read`,
      hideOnPhone: true,
      render: (s) => {
        if (!s.sent_at || s.recipients === 0) return <span className="text-muted">—</span>
        const percent = percentOf(s.read, s.recipients)
        const last = s.last_read_at ? format(s.last_read_at, 'dateTime') : ''
        return (
          <span className="flex min-w-28 flex-col gap-1 text-sm">
            <span className="tabular-nums">{t`${s.read} of ${s.recipients} (${percent}%)`}</span>
            <RatioBar part={s.read} whole={s.recipients} />
            {last && <span className="text-xs text-muted">{t`Last read ${last}`}</span>}
          </span>
        )
      },
    },
  ]
  return (
    <>
      <PageHeader
        title={t`Sent notifications`}
        description={t`Messages on the phones of families, students and staff, and emergency alerts.`}
        actions={
          <ButtonLink to="/college-notifications/new-notification">
            <Plus aria-hidden="true" className="size-4" />
            <Trans>New notification</Trans>
          </ButtonLink>
        }
      />
      <SearchField
        label={t`Search`}
        placeholder={t`Words of the title or the message`}
        value={search.q ?? ''}
        onChange={(q) => onSearch({ ...search, q: q || undefined })}
      />
      <RemoteTable
        list={list}
        loadingLabel={t`Loading notifications…`}
        label={t`Sent notifications`}
        columns={columns}
        onRowAction={(key) =>
          void navigate({ to: '/college-notifications/$id', params: { id: String(key) } })
        }
        empty={
          search.q ? (
            <EmptyState icon={BellRing} title={t`No notifications match`} className="shadow-none ring-0">
              <Trans>Try other words.</Trans>
            </EmptyState>
          ) : (
            <EmptyState
              icon={BellRing}
              title={t`No notifications sent yet`}
              className="shadow-none ring-0"
              action={
                <ButtonLink to="/college-notifications/new-notification">
                  <Plus aria-hidden="true" className="size-4" />
                  <Trans>New notification</Trans>
                </ButtonLink>
              }
            >
              <Trans>
                Send the first one: it reaches the phones of the people you choose, and you see here who read
                it.
              </Trans>
            </EmptyState>
          )
        }
      />
    </>
  )
}
