// /payments/fees/: the school's fees with how much of each came in, created one at a time or as a
// monthly series; per fee, the students it applies to with their discounts, exemptions and payments.
import { Trans, useLingui } from '@lingui/react/macro'
import { Plus, SearchX, Wallet } from 'lucide-react'
import { useState } from 'react'
import type { FeeSummaryRow } from '#shared/payments.schema.ts'
import { queryString, useRemote } from '../../../platform/remote.ts'
import { AriaButton } from '../../../ui/aria-button.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { PageHeader } from '../../../ui/page-header.tsx'
import { RemoteTable } from '../../../ui/remote-table.tsx'
import { SearchField } from '../../../ui/search-field.tsx'
import { Select } from '../../../ui/select.tsx'
import type { ColumnDef } from '../../../ui/table.tsx'
import { useGradeChoices } from '../../users/college-choices.ts'
import { useFeeTypeLabels } from '../payment-labels.ts'
import {
  CollectedOfDue,
  useCollegeCurrency,
  useDayFormat,
  useMoney,
  WHOLE_SCHOOL,
  wholeList,
} from './admin-kit.tsx'
import { FeeDetailDialog } from './fee-detail-dialog.tsx'
import { FeeFormDialog } from './fee-form-dialog.tsx'

export type FeesSearch = { q?: string; grade?: string }

/** The grade filter's "any grade" (no filter); `all` is the API's "fees of the whole school". */
const ANY = 'any'
// ——— The screen ———

export function FeesAdmin({
  search,
  onSearch,
}: {
  search: FeesSearch
  onSearch: (next: FeesSearch) => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const day = useDayFormat()
  const typeLabels = useFeeTypeLabels()
  const { gradeOptions } = useGradeChoices()
  const fees = useRemote<{ data: FeeSummaryRow[]; currency?: string }>(
    `api/v1/fees${queryString({ q: search.q, grade: search.grade })}`,
  )
  const currency = useCollegeCurrency(fees.data?.currency)
  const [creating, setCreating] = useState(false)
  const [opened, setOpened] = useState<FeeSummaryRow>()
  // The row as the list has it now (after an edit), or as it was when opened.
  const shown = opened && (fees.data?.data.find((f) => f.id === opened.id) ?? opened)
  const set = (changes: Partial<FeesSearch>) => onSearch({ ...search, ...changes })
  const filtered = Boolean(search.q || search.grade)

  const columns: ColumnDef<FeeSummaryRow>[] = [
    {
      id: 'concept',
      title: t`Concept`,
      isRowHeader: true,
      render: (f) => (
        <span className="flex min-w-0 flex-col">
          {/* A concept of one long word (an office's code) wraps instead of widening the table. */}
          <span dir="auto" className="font-medium wrap-anywhere">
            {f.concept}
          </span>
          <span className="text-sm text-muted sm:hidden">
            <span className="whitespace-nowrap tabular-nums">{money(f.amount, currency)}</span> ·{' '}
            <span dir="auto">{f.grade_name ?? t`Whole school`}</span> · {t`Due ${day(f.end_date)}`}
          </span>
        </span>
      ),
    },
    {
      id: 'grade',
      title: t`Grade`,
      hideOnPhone: true,
      render: (f) => (f.grade_name ? <span dir="auto">{f.grade_name}</span> : t`Whole school`),
    },
    { id: 'type', title: t`Type`, hideOnPhone: true, render: (f) => typeLabels[f.type] },
    {
      id: 'amount',
      title: t`Amount`,
      // On a phone it is written under the concept: three columns were wider than the screen.
      hideOnPhone: true,
      render: (f) => <span className="whitespace-nowrap tabular-nums">{money(f.amount, currency)}</span>,
    },
    { id: 'end_date', title: t`Due date`, hideOnPhone: true, render: (f) => day(f.end_date) },
    {
      id: 'paid',
      title: t`Collected`,
      render: (f) => (
        <span className="flex min-w-36 flex-col gap-1">
          <span className="text-sm">{t`Paid ${f.paid} of ${f.students}`}</span>
          <CollectedOfDue
            collected={f.collected}
            due={f.due}
            currency={currency}
            amountsClassName="text-sm text-muted sm:whitespace-nowrap"
          />
        </span>
      ),
    },
  ]

  return (
    <>
      <PageHeader
        title={t`School fees`}
        description={t`What families owe, per grade or for the whole school, and how much of it came in.`}
        actions={
          <AriaButton onPress={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t`New fee`}
          </AriaButton>
        }
      />
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <SearchField
          label={t`Search`}
          placeholder={t`Concept`}
          value={search.q ?? ''}
          onChange={(q) => set({ q: q || undefined })}
        />
        <Select
          label={t`Grade`}
          options={[
            { id: ANY, name: t`All grades` },
            { id: WHOLE_SCHOOL, name: t`Whole school` },
            ...gradeOptions.map((g) => ({ id: String(g.id), name: g.name })),
          ]}
          value={search.grade ?? ANY}
          onChange={(key) => set({ grade: key === ANY || key === null ? undefined : String(key) })}
        />
      </div>
      <RemoteTable
        list={wholeList(fees)}
        loadingLabel={t`Loading fees…`}
        label={t`School fees`}
        columns={columns}
        onRowAction={(key) => setOpened(fees.data?.data.find((f) => f.id === Number(key)))}
        empty={
          filtered ? (
            <EmptyState icon={SearchX} title={t`No fee matches this search`} className="shadow-none ring-0">
              <Trans>Try other words, or clear the filters.</Trans>
            </EmptyState>
          ) : (
            <EmptyState
              icon={Wallet}
              title={t`No fees yet`}
              className="shadow-none ring-0"
              action={
                <AriaButton variant="secondary" onPress={() => setCreating(true)}>
                  <Plus aria-hidden="true" className="size-4" />
                  {t`New fee`}
                </AriaButton>
              }
            >
              <Trans>
                Create the tuition, enrolment or any other fee: families see it in the app and can pay it
                online.
              </Trans>
            </EmptyState>
          )
        }
      />
      {creating && (
        <FeeFormDialog
          gradeOptions={gradeOptions}
          currency={currency}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false)
            fees.reload()
          }}
        />
      )}
      {shown && (
        <FeeDetailDialog
          fee={shown}
          currency={currency}
          gradeOptions={gradeOptions}
          onClose={() => setOpened(undefined)}
          onChanged={fees.reload}
          onDeleted={() => {
            setOpened(undefined)
            fees.reload()
          }}
        />
      )}
    </>
  )
}
