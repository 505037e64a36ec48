// The payments list: filters kept in the address, keyset pages, the CSV of what the filters show.

import { Trans, useLingui } from '@lingui/react/macro'
import { HandCoins, SearchX } from 'lucide-react'
import { useEffect, useState } from 'react'
import {
  type AdminPayment,
  type FeeSummaryRow,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '#shared/payments.schema.ts'
import { useDateFormat } from '../../../platform/dates.ts'
import { useRemoteList } from '../../../platform/remote.ts'
import { Badge } from '../../../ui/badge.tsx'
import { DateField } from '../../../ui/date-field.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { RemoteTable } from '../../../ui/remote-table.tsx'
import { SearchField } from '../../../ui/search-field.tsx'
import { Select, type SelectOption } from '../../../ui/select.tsx'
import type { ColumnDef } from '../../../ui/table.tsx'
import { useGradeChoices } from '../../users/college-choices.ts'
import { STATUS_TONES, usePaymentMethodLabels, usePaymentStatusLabels } from '../payment-labels.ts'
import { ANY, feeName, filtersOf, useMoney, WHOLE_SCHOOL } from './admin-kit.tsx'
import { PaymentDetailDialog } from './payment-detail-dialog.tsx'
import type { PaymentsSearch } from './payments-admin.tsx'

export function Records({
  search,
  onSearch,
  fees,
  refresh,
}: {
  search: PaymentsSearch
  onSearch: (next: PaymentsSearch) => void
  fees: FeeSummaryRow[] | undefined
  /** Grows when a payment was recorded: the list reads its first page again. */
  refresh: number
}) {
  const { t } = useLingui()
  const money = useMoney()
  const format = useDateFormat()
  const statusLabels = usePaymentStatusLabels()
  const methodLabels = usePaymentMethodLabels()
  const { gradeOptions } = useGradeChoices()
  const list = useRemoteList<AdminPayment>('api/v1/payments', filtersOf(search))
  const [opened, setOpened] = useState<AdminPayment>()
  const { reload } = list
  useEffect(() => {
    if (refresh > 0) reload()
  }, [refresh, reload])
  const set = (changes: Partial<PaymentsSearch>) => onSearch({ ...search, ...changes })
  const filtered = Boolean(
    search.q || search.status || search.grade || search.fee || search.from || search.to,
  )
  const feeOptions: SelectOption[] = (fees ?? []).map((f) => ({
    id: f.id,
    name: feeName(f, t`Whole school`),
  }))
  // A fee chosen in the address stays choosable even when the list of fees cannot be read.
  if (search.fee && !feeOptions.some((o) => o.id === search.fee))
    feeOptions.unshift({ id: search.fee, name: t`Fee number ${search.fee}` })

  const columns: ColumnDef<AdminPayment>[] = [
    {
      id: 'code',
      title: t`Code`,
      hideOnPhone: true,
      render: (p) => (
        <span dir="ltr" className="font-mono text-sm">
          {p.code}
        </span>
      ),
    },
    {
      id: 'date',
      title: t`Date`,
      hideOnPhone: true,
      render: (p) => <span className="whitespace-nowrap">{format(p.paid_at ?? p.created_at, 'date')}</span>,
    },
    {
      id: 'concept',
      title: t`Concept`,
      hideOnPhone: true,
      render: (p) => <span dir="auto">{p.concept}</span>,
    },
    {
      id: 'student',
      title: t`Student`,
      isRowHeader: true,
      render: (p) => (
        <span className="flex min-w-0 flex-col">
          <span dir="auto" className="font-medium">
            {p.student_name}
          </span>
          <span className="text-sm text-muted sm:hidden">
            <span dir="auto">{p.concept}</span> · {format(p.paid_at ?? p.created_at, 'date')}
          </span>
        </span>
      ),
    },
    {
      id: 'amount',
      title: t`Amount`,
      render: (p) => <span className="whitespace-nowrap tabular-nums">{money(p.amount, p.currency)}</span>,
    },
    { id: 'method', title: t`Method`, hideOnPhone: true, render: (p) => methodLabels[p.method] },
    {
      id: 'status',
      title: t`Status`,
      render: (p) => <Badge tone={STATUS_TONES[p.status]}>{statusLabels[p.status]}</Badge>,
    },
  ]

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SearchField
          label={t`Search`}
          placeholder={t`Student, code or concept`}
          value={search.q ?? ''}
          onChange={(q) => set({ q: q || undefined })}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Select
          label={t`Status`}
          options={[
            { id: ANY, name: t`All statuses` },
            ...PAYMENT_STATUSES.map((s) => ({ id: s, name: statusLabels[s] })),
          ]}
          value={search.status ?? ANY}
          onChange={(key) =>
            set({ status: key === ANY || key === null ? undefined : (key as PaymentStatus) })
          }
        />
        <Select
          label={t`Grade`}
          options={[
            { id: ANY, name: t`All grades` },
            { id: WHOLE_SCHOOL, name: t`Whole school fees` },
            ...gradeOptions.map((g) => ({ id: String(g.id), name: g.name })),
          ]}
          value={search.grade ?? ANY}
          onChange={(key) => set({ grade: key === ANY || key === null ? undefined : String(key) })}
        />
        <Select
          label={t`Fee`}
          options={[{ id: ANY, name: t`All fees` }, ...feeOptions]}
          value={search.fee ?? ANY}
          onChange={(key) => set({ fee: key === ANY || key === null ? undefined : Number(key) })}
        />
        <DateField
          label={t`Paid from`}
          value={search.from ?? ''}
          onChange={(from) => set({ from: from || undefined })}
        />
        <DateField
          label={t`Paid until`}
          value={search.to ?? ''}
          onChange={(to) => set({ to: to || undefined })}
        />
      </div>
      <RemoteTable
        list={list}
        loadingLabel={t`Loading payments…`}
        label={t`Payments`}
        columns={columns}
        onRowAction={(key) => setOpened(list.rows.find((p) => p.id === key))}
        empty={
          filtered ? (
            <EmptyState
              icon={SearchX}
              title={t`No payment matches these filters`}
              className="shadow-none ring-0"
            >
              <Trans>Try other words, or clear the filters.</Trans>
            </EmptyState>
          ) : (
            <EmptyState icon={HandCoins} title={t`No payments yet`} className="shadow-none ring-0">
              <Trans>What families pay in the app, and what the office records by hand, shows up here.</Trans>
            </EmptyState>
          )
        }
      />
      {opened && (
        <PaymentDetailDialog
          payment={opened}
          onClose={() => setOpened(undefined)}
          onChanged={(payment) => {
            setOpened(payment)
            list.reload()
          }}
        />
      )}
    </div>
  )
}
