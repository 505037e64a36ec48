// Collected against due for a year, per grade and per month of the due date.

import { Trans, useLingui } from '@lingui/react/macro'
import { ReceiptText } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { CollectionSummary } from '#shared/payments.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { useRemote } from '../../../platform/remote.ts'
import { useCollegeZone } from '../../../platform/use-college-zone.ts'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { RemoteContent, TableSkeleton } from '../../../ui/list-status.tsx'
import { Select } from '../../../ui/select.tsx'
import { type ColumnDef, DataTable } from '../../../ui/table.tsx'
import { CollectedOfDue, ShareBar, useMoney, WHOLE_SCHOOL } from './admin-kit.tsx'

export function SummaryPanel() {
  const { t } = useLingui()
  const thisYear = Number(todayIn(useCollegeZone()).slice(0, 4))
  const [year, setYear] = useState(thisYear)
  const years = Array.from({ length: 7 }, (_, i) => thisYear + 1 - i).filter((y) => y >= 2000 && y <= 2099)
  return (
    <div className="flex flex-col gap-4">
      <Select
        label={t`Year`}
        options={years.map((y) => ({ id: y, name: String(y) }))}
        value={year}
        onChange={(key) => key !== null && setYear(Number(key))}
        className="sm:max-w-48"
      />
      {/* A new year starts from its own loading state, never from the numbers of the last one. */}
      <SummaryTables key={year} year={year} />
    </div>
  )
}

export type SummaryRow = { id: string; label: ReactNode; due: number; collected: number }

export function SummaryTables({ year }: { year: number }) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const summary = useRemote<CollectionSummary>(`api/v1/payments/summary?year=${year}`)
  const monthName = new Intl.DateTimeFormat(i18n.locale, { month: 'long', timeZone: 'UTC' })
  return (
    <RemoteContent
      status={summary.data ? 'ready' : summary.status}
      error={summary.error}
      onRetry={summary.reload}
      loading={<TableSkeleton rows={4} label={t`Loading the summary…`} />}
    >
      {summary.data &&
        (() => {
          const { currency, byGrade, byMonth } = summary.data
          const due = byGrade.reduce((sum, r) => sum + r.due, 0)
          const collected = byGrade.reduce((sum, r) => sum + r.collected, 0)
          const gradeRows: SummaryRow[] = byGrade.map((r) => ({
            id: String(r.grade_id ?? WHOLE_SCHOOL),
            label: r.grade_name ? <span dir="auto">{r.grade_name}</span> : t`Whole school`,
            due: r.due,
            collected: r.collected,
          }))
          const monthRows: SummaryRow[] = byMonth.map((r) => {
            const label = monthName.format(new Date(`${r.month}-15T12:00:00Z`))
            return {
              id: r.month,
              label: label.charAt(0).toLocaleUpperCase(i18n.locale) + label.slice(1),
              due: r.due,
              collected: r.collected,
            }
          })
          return (
            <div className="flex flex-col gap-6">
              <div className="card flex flex-col gap-2 p-4 sm:p-5">
                <p className="text-muted">{t`Collected in ${year}`}</p>
                <p className="text-2xl font-bold tabular-nums">
                  {t`${money(collected, currency)} of ${money(due, currency)}`}
                </p>
                <ShareBar value={collected} total={due} label={t`Share collected in ${year}`} />
              </div>
              <SummaryTable
                heading={t`By grade`}
                firstColumn={t`Grade`}
                rows={gradeRows}
                currency={currency}
                money={money}
              />
              <SummaryTable
                heading={t`By month`}
                firstColumn={t`Month due`}
                rows={monthRows}
                currency={currency}
                money={money}
              />
            </div>
          )
        })()}
    </RemoteContent>
  )
}

export function SummaryTable({
  heading,
  firstColumn,
  rows,
  currency,
  money,
}: {
  heading: string
  firstColumn: string
  rows: SummaryRow[]
  currency: string
  money: (amount: number, currency: string) => string
}) {
  const { t } = useLingui()
  const columns: ColumnDef<SummaryRow>[] = [
    { id: 'label', title: firstColumn, isRowHeader: true, render: (r) => r.label },
    {
      id: 'due',
      title: t({ message: 'Due', context: 'amount billed' }),
      hideOnPhone: true,
      render: (r) => <span className="whitespace-nowrap tabular-nums">{money(r.due, currency)}</span>,
    },
    {
      id: 'collected',
      title: t`Collected`,
      hideOnPhone: true,
      render: (r) => <span className="whitespace-nowrap tabular-nums">{money(r.collected, currency)}</span>,
    },
    {
      id: 'share',
      title: t`Share collected`,
      // On a phone the two amounts columns are left out (the table was wider than the screen): they
      // are written here, above the bar.
      render: (r) => (
        <span className="flex flex-col gap-1">
          <CollectedOfDue
            collected={r.collected}
            due={r.due}
            currency={currency}
            amountsClassName="text-sm text-muted sm:hidden"
          />
        </span>
      ),
    },
  ]
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">{heading}</h2>
      <DataTable
        label={heading}
        columns={columns}
        rows={rows}
        empty={
          <EmptyState icon={ReceiptText} title={t`No fees due in this year`} className="shadow-none ring-0">
            <Trans>Fees whose due date falls in this year show up here.</Trans>
          </EmptyState>
        }
      />
    </section>
  )
}
