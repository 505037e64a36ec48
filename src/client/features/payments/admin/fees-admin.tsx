// /payments/fees/: the school's fees with how much of each came in, created one at a time or as a
// monthly series; per fee, the students it applies to with their discounts, exemptions and payments.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { BadgePercent, Pencil, Plus, Receipt, SearchX, Trash2, Undo2, Wallet } from 'lucide-react'
import { useState } from 'react'
import { Meter } from 'react-aria-components'
import { Controller } from 'react-hook-form'
import * as v from 'valibot'
import { formatMoney } from '#shared/money.ts'
import {
  adjustmentInputSchema,
  FEE_SERIES_MONTHS,
  FEE_TYPES,
  type FeeInput,
  type FeeStudentRow,
  type FeeSummaryRow,
  type FeeType,
  feeInputSchema,
  type PaymentStatus,
} from '#shared/payments.schema.ts'
import type { Permission } from '#shared/permissions.ts'
import { todayIn } from '#shared/time-zones.ts'
import { api, errorMessageOf, isNetworkError } from '../../../platform/api.ts'
import { useCollegeZone } from '../../../platform/college.ts'
import { useDateFormat } from '../../../platform/dates.ts'
import { queryString, type Remote, type RemoteList, useRemote } from '../../../platform/remote.ts'
import { userAtom } from '../../../platform/session.ts'
import { toast } from '../../../platform/toasts.ts'
import { AriaButton } from '../../../ui/aria-button.tsx'
import { Badge, type BadgeTone } from '../../../ui/badge.tsx'
import { useConfirm } from '../../../ui/confirm-dialog.tsx'
import { DateField } from '../../../ui/date-field.tsx'
import { Dialog } from '../../../ui/dialog.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { FormAlert } from '../../../ui/form-alert.tsx'
import { FormDialog } from '../../../ui/form-dialog.tsx'
import { ButtonLink } from '../../../ui/link.tsx'
import { RemoteContent } from '../../../ui/list-status.tsx'
import { PageHeader } from '../../../ui/page-header.tsx'
import { Radio, RadioGroup } from '../../../ui/radio-group.tsx'
import { RemoteTable } from '../../../ui/remote-table.tsx'
import { SearchField } from '../../../ui/search-field.tsx'
import { Select, type SelectOption } from '../../../ui/select.tsx'
import { useServerForm } from '../../../ui/server-form.tsx'
import { SkeletonList } from '../../../ui/skeleton.tsx'
import { Switch } from '../../../ui/switch.tsx'
import type { ColumnDef } from '../../../ui/table.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { useAction } from '../../../ui/use-action.ts'
import { useGradeChoices } from '../../users/college-choices.ts'

export type FeesSearch = { q?: string; grade?: string }

/** The grade filter's "any grade" (no filter); `all` is the API's "fees of the whole school". */
const ANY = 'any'
export const WHOLE_SCHOOL = 'all'

/** What the college's money is counted in when nothing has said it yet (the database's default). */
const DEFAULT_CURRENCY = 'CLP'

// ——— Pieces shared with the payments screen ———

/** Amounts in the college's currency, written the way the reader's language writes money. */
export function useMoney(): (amount: number, currency: string) => string {
  const { i18n } = useLingui()
  return (amount, currency) => formatMoney(amount, currency, i18n.locale)
}

/**
 * The college's currency. The fee rows do not carry it, so it comes from the first answer that does:
 * `known` (rows that carry it), else the collection summary or the payment settings, whichever this
 * person may read.
 */
export function useCollegeCurrency(known?: string): string {
  const me = useAtomValue(userAtom)
  const can = (permission: Permission) => Boolean(me?.permissions.includes(permission))
  const path = known
    ? null
    : can('payments.manage')
      ? 'api/v1/payments/summary'
      : can('integrations.manage')
        ? 'api/v1/integrations/payments'
        : null
  const remote = useRemote<{ currency?: string }>(path)
  return known ?? remote.data?.currency ?? DEFAULT_CURRENCY
}

/** A calendar day (`YYYY-MM-DD`) in the reader's language, the same wherever the device is. */
export function useDayFormat(): (day: string) => string {
  const format = useDateFormat()
  return (day) => (day ? format(`${day}T12:00:00Z`, 'date') : '')
}

export function useFeeTypeLabels(): Record<FeeType, string> {
  const { t } = useLingui()
  return {
    tuition: t`Tuition`,
    enrolment: t`Enrolment`,
    materials: t`Materials`,
    activity: t`Activity`,
    other: t`Other`,
  }
}

export function usePaymentStatusLabels(): Record<PaymentStatus, string> {
  const { t } = useLingui()
  return { pending: t`Pending`, approved: t`Paid`, rejected: t`Rejected`, refunded: t`Refunded` }
}

export const STATUS_TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  refunded: 'info',
}

/** Whole money amounts as typed: thousands separators are dropped ("45.000" is 45000). */
export function parseAmount(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  const text = String(value ?? '').replace(/[\s.,'_]/g, '')
  if (text === '') return undefined
  return /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN
}

/** How much of a total came in, as a bar with its percentage (announced as a meter). */
export function ShareBar({ value, total, label }: { value: number; total: number; label: string }) {
  const { i18n } = useLingui()
  const share = total > 0 ? Math.min(1, Math.max(0, value / total)) : 0
  const percent = new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  )
  return (
    <Meter
      value={share * 100}
      aria-label={label}
      valueLabel={percent}
      className="flex min-w-28 items-center gap-2"
    >
      {({ percentage }) => (
        <>
          <span
            aria-hidden="true"
            className="h-2 min-w-12 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <span className="block h-full rounded-full bg-brand" style={{ width: `${percentage}%` }} />
          </span>
          <span aria-hidden="true" className="w-11 shrink-0 text-end text-sm tabular-nums">
            {percent}
          </span>
        </>
      )}
    </Meter>
  )
}

/** A list read whole (not in pages) shown through RemoteTable: never a "Show more". */
export function wholeList<T>(remote: Remote<{ data: T[] }>): RemoteList<T, unknown> {
  return {
    status: remote.data ? 'ready' : remote.status,
    rows: remote.data?.data ?? [],
    extra: undefined,
    error: remote.error,
    hasMore: false,
    refreshing: false,
    loadingMore: false,
    moreFailed: false,
    loadMore: () => {},
    reload: remote.reload,
  }
}

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
          <span dir="auto" className="font-medium">
            {f.concept}
          </span>
          <span className="text-sm text-muted sm:hidden">
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
      render: (f) => <span className="whitespace-nowrap tabular-nums">{money(f.amount, currency)}</span>,
    },
    { id: 'end_date', title: t`Due date`, hideOnPhone: true, render: (f) => day(f.end_date) },
    {
      id: 'paid',
      title: t`Collected`,
      render: (f) => (
        <span className="flex min-w-36 flex-col gap-1">
          <span className="text-sm">{t`Paid ${f.paid} of ${f.students}`}</span>
          <span className="text-sm whitespace-nowrap text-muted tabular-nums">
            {t`${money(f.collected, currency)} of ${money(f.due, currency)}`}
          </span>
          <ShareBar value={f.collected} total={f.due} label={t`Share collected`} />
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

// ——— Creating and editing a fee ———

const FEE_FIELDS = ['concept', 'type', 'amount', 'grade_id', 'init_date', 'end_date', 'monthly'] as const

function FeeFormDialog({
  fee,
  gradeOptions,
  currency,
  onClose,
  onSaved,
}: {
  /** The fee edited; a new one without it. */
  fee?: FeeSummaryRow
  gradeOptions: SelectOption[]
  currency: string
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const typeLabels = useFeeTypeLabels()
  const today = todayIn(useCollegeZone())
  const form = useServerForm<FeeInput, FeeSummaryRow | { ids: number[] }>({
    schema: feeInputSchema,
    defaultValues: fee
      ? {
          concept: fee.concept,
          type: fee.type,
          amount: fee.amount,
          grade_id: fee.grade_id,
          init_date: fee.init_date,
          end_date: fee.end_date,
          monthly: false,
        }
      : { concept: '', type: 'tuition', grade_id: null, init_date: today, end_date: '', monthly: false },
    fields: FEE_FIELDS,
    save: (values) =>
      fee
        ? api
            .put(`api/v1/fees/${fee.id}`, {
              json: { ...values, monthly: false },
              headers: { 'If-Match': `"${fee.version}"` },
            })
            .json<FeeSummaryRow>()
        : api.post('api/v1/fees', { json: values }).json<{ ids: number[] }>(),
    savedText: (result) =>
      'ids' in result
        ? plural(result.ids.length, { one: 'The fee has been created.', other: '# fees have been created.' })
        : t`Changes saved.`,
    onSaved,
  })
  const e = form.formState.errors
  const amount = form.watch('amount')
  const monthly = form.watch('monthly')
  const validAmount = typeof amount === 'number' && Number.isInteger(amount) && amount > 0
  return (
    <FormDialog
      title={fee ? t`Edit fee` : t`New fee`}
      submitLabel={fee ? t`Save changes` : monthly ? t`Create ${FEE_SERIES_MONTHS} fees` : t`Create fee`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => void form.submit(event)}
    >
      {fee?.has_payments && (
        <FormAlert tone="info">
          {t`This fee already has payments: its amount and the grade it applies to can no longer change.`}
        </FormAlert>
      )}
      <TextField
        label={t`Concept`}
        autoFocus
        maxLength={120}
        placeholder={t`March tuition`}
        error={e.concept?.message}
        {...form.register('concept')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Select
              label={t`Type`}
              options={FEE_TYPES.map((type) => ({ id: type, name: typeLabels[type] }))}
              value={field.value ?? null}
              onChange={(key) => field.onChange(key ?? undefined)}
              error={e.type?.message}
            />
          )}
        />
        <TextField
          label={t`Amount`}
          inputMode="numeric"
          autoComplete="off"
          hint={validAmount ? t`Shown as ${money(amount, currency)}` : t`A whole number, without decimals.`}
          error={e.amount?.message}
          {...form.register('amount', { setValueAs: parseAmount })}
        />
      </div>
      <Controller
        control={form.control}
        name="grade_id"
        render={({ field }) => (
          <Select
            label={t`Applies to`}
            options={[
              { id: WHOLE_SCHOOL, name: t`Whole school` },
              ...gradeOptions.map((g) => ({ id: String(g.id), name: g.name })),
            ]}
            value={field.value == null ? WHOLE_SCHOOL : String(field.value)}
            onChange={(key) => field.onChange(key === WHOLE_SCHOOL || key === null ? null : Number(key))}
            hint={t`Every student of the grade, or of the whole school, owes it.`}
            error={e.grade_id?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="init_date"
          render={({ field }) => (
            <DateField
              label={t`Start date`}
              value={field.value ?? ''}
              onChange={field.onChange}
              error={e.init_date?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="end_date"
          render={({ field }) => (
            <DateField
              label={t`Due date`}
              value={field.value ?? ''}
              onChange={field.onChange}
              error={e.end_date?.message}
            />
          )}
        />
      </div>
      {!fee && (
        <Controller
          control={form.control}
          name="monthly"
          render={({ field }) => (
            <div className="flex flex-col">
              <Switch isSelected={Boolean(field.value)} onChange={field.onChange}>
                {t`Create as a monthly series (${FEE_SERIES_MONTHS} months)`}
              </Switch>
              <p className="text-sm text-muted">
                {t`One fee a month from the start date, each with its month in the concept and the same amount.`}
              </p>
            </div>
          )}
        />
      )}
    </FormDialog>
  )
}

// ——— One fee: its figures, its students ———

function FeeDetailDialog({
  fee,
  currency,
  gradeOptions,
  onClose,
  onChanged,
  onDeleted,
}: {
  fee: FeeSummaryRow
  currency: string
  gradeOptions: SelectOption[]
  onClose: () => void
  onChanged: () => void
  onDeleted: () => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const day = useDayFormat()
  const typeLabels = useFeeTypeLabels()
  const me = useAtomValue(userAtom)
  const seesPayments = Boolean(me?.permissions.includes('payments.manage'))
  const students = useRemote<{ data: FeeStudentRow[] }>(`api/v1/fees/${fee.id}/students`)
  const { confirm, dialog } = useConfirm()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [deleteError, setDeleteError] = useState<string>()

  const remove = async () => {
    setDeleteError(undefined)
    const ok = await confirm({
      title: t`Delete “${fee.concept}”?`,
      body: t`Families will no longer see it. This cannot be undone.`,
      confirmLabel: t`Delete fee`,
      destructive: true,
    })
    if (!ok) return
    setDeleting(true)
    try {
      await api.delete(`api/v1/fees/${fee.id}`)
      toast(t`The fee has been deleted.`, 'success')
      onDeleted()
    } catch (error) {
      setDeleteError(
        isNetworkError(error) || !navigator.onLine
          ? t`Deleting needs a connection. Try again when you are online.`
          : (errorMessageOf(error) ?? t`The fee could not be deleted. Please try again.`),
      )
    } finally {
      setDeleting(false)
    }
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={fee.concept}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{fee.grade_name ?? t`Whole school`}</Badge>
          <Badge>{typeLabels[fee.type]}</Badge>
        </span>
      }
      closeLabel={t`Close`}
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Figure label={t`Amount`}>{money(fee.amount, currency)}</Figure>
        <Figure label={t`Start date`}>{day(fee.init_date)}</Figure>
        <Figure label={t`Due date`}>{day(fee.end_date)}</Figure>
        <Figure label={t`Paid`}>{t`${fee.paid} of ${fee.students}`}</Figure>
        <div className="col-span-2 flex flex-col gap-1 sm:col-span-4">
          <dt className="text-sm text-muted">{t`Collected`}</dt>
          <dd className="flex flex-col gap-1">
            <span className="tabular-nums">
              {t`${money(fee.collected, currency)} of ${money(fee.due, currency)}`}
            </span>
            <ShareBar value={fee.collected} total={fee.due} label={t`Share collected`} />
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <AriaButton variant="secondary" size="sm" onPress={() => setEditing(true)}>
          <Pencil aria-hidden="true" className="size-4" />
          {t`Edit`}
        </AriaButton>
        <AriaButton variant="danger" size="sm" isPending={deleting} onPress={() => void remove()}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t`Delete`}
        </AriaButton>
        {seesPayments && (
          <ButtonLink to="/payments/payments" search={{ fee: fee.id }} variant="ghost" size="sm">
            <Receipt aria-hidden="true" className="size-4" />
            <Trans>See its payments</Trans>
          </ButtonLink>
        )}
      </div>
      <FormAlert>{deleteError}</FormAlert>
      <section aria-labelledby={`fee-${fee.id}-students`} className="flex flex-col gap-3">
        <h3 id={`fee-${fee.id}-students`} className="text-lg font-semibold">
          <Trans>Students</Trans>
        </h3>
        <RemoteContent
          status={students.data ? 'ready' : students.status}
          error={students.error}
          onRetry={students.reload}
          loading={<SkeletonList count={2} label={t`Loading students…`} />}
        >
          {students.data && (
            <FeeStudents
              fee={fee}
              currency={currency}
              rows={students.data.data}
              onChanged={() => {
                students.reload()
                onChanged()
              }}
            />
          )}
        </RemoteContent>
      </section>
      {editing && (
        <FeeFormDialog
          fee={fee}
          gradeOptions={gradeOptions}
          currency={currency}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false)
            students.reload()
            onChanged()
          }}
        />
      )}
      {dialog}
    </Dialog>
  )
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  )
}

function FeeStudents({
  fee,
  currency,
  rows,
  onChanged,
}: {
  fee: FeeSummaryRow
  currency: string
  rows: FeeStudentRow[]
  onChanged: () => void
}) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const statusLabels = usePaymentStatusLabels()
  const { confirm, dialog } = useConfirm()
  const { busy, act } = useAction()
  const [query, setQuery] = useState('')
  const [adjusting, setAdjusting] = useState<FeeStudentRow>()
  if (rows.length === 0)
    return (
      <p className="text-muted">
        {fee.grade_id === null
          ? t`No student is enrolled in a course yet.`
          : t`No student is enrolled in a course of this grade yet.`}
      </p>
    )
  const needle = query.trim().toLocaleLowerCase(i18n.locale)
  const shown = needle
    ? rows.filter((r) => `${r.name} ${r.course_name}`.toLocaleLowerCase(i18n.locale).includes(needle))
    : rows

  const removeAdjustment = async (row: FeeStudentRow) => {
    const ok = await confirm({
      title: t`Remove the adjustment for ${row.name}?`,
      body: t`They will owe the fee’s full amount (${money(fee.amount, currency)}) again.`,
      confirmLabel: t`Remove adjustment`,
      destructive: true,
    })
    if (!ok) return
    const done = await act(
      () => api.delete(`api/v1/fees/${fee.id}/adjustments/${row.student_id}`),
      t`The adjustment has been removed.`,
    )
    if (done) onChanged()
  }

  return (
    <>
      {rows.length > 8 && (
        <SearchField
          label={t`Find a student`}
          placeholder={t`Name or course`}
          value={query}
          onChange={setQuery}
        />
      )}
      {shown.length === 0 ? (
        <p className="text-muted">
          <Trans>No student matches this search.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {shown.map((row) => {
            // What is due cannot change under a payment that is under way or done.
            const locked = row.payment?.status === 'pending' || row.payment?.status === 'approved'
            return (
              <li key={row.student_id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span dir="auto" className="font-medium">
                    {row.name}
                  </span>
                  <span dir="auto" className="text-sm text-muted">
                    {row.course_name}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="tabular-nums">{t`Due: ${money(row.due, currency)}`}</span>
                    {row.payment ? (
                      <Badge tone={STATUS_TONES[row.payment.status]}>
                        {statusLabels[row.payment.status]}
                      </Badge>
                    ) : row.due === 0 ? (
                      <Badge>{t`Nothing due`}</Badge>
                    ) : (
                      <Badge tone="warning">{t`Not paid`}</Badge>
                    )}
                  </span>
                  {row.adjustment && (
                    <span className="flex flex-wrap items-center gap-2 text-sm">
                      {row.adjustment.kind === 'exemption' ? (
                        <Badge tone="info">{t`Exemption`}</Badge>
                      ) : (
                        <Badge tone="info">
                          {t`Discount`} · {money(row.adjustment.discount, currency)}
                        </Badge>
                      )}
                      <span dir="auto" className="text-muted">
                        {row.adjustment.reason}
                      </span>
                    </span>
                  )}
                </div>
                {!locked && (
                  <div className="flex flex-wrap gap-2">
                    <AriaButton
                      size="sm"
                      variant="secondary"
                      isDisabled={busy}
                      onPress={() => setAdjusting(row)}
                    >
                      <BadgePercent aria-hidden="true" className="size-4" />
                      {t`Discount or exemption`}
                    </AriaButton>
                    {row.adjustment && (
                      <AriaButton
                        size="sm"
                        variant="ghost"
                        isDisabled={busy}
                        onPress={() => void removeAdjustment(row)}
                      >
                        <Undo2 aria-hidden="true" className="size-4" />
                        {t`Remove adjustment`}
                      </AriaButton>
                    )}
                  </div>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {adjusting && (
        <AdjustmentDialog
          fee={fee}
          student={adjusting}
          currency={currency}
          onClose={() => setAdjusting(undefined)}
          onSaved={() => {
            setAdjusting(undefined)
            onChanged()
          }}
        />
      )}
      {dialog}
    </>
  )
}

// ——— A discount or exemption for one student ———

const adjustmentBodySchema = v.omit(adjustmentInputSchema, ['student_id'])
type AdjustmentValues = v.InferInput<typeof adjustmentBodySchema>

function AdjustmentDialog({
  fee,
  student,
  currency,
  onClose,
  onSaved,
}: {
  fee: FeeSummaryRow
  student: FeeStudentRow
  currency: string
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const current = student.adjustment
  const form = useServerForm<AdjustmentValues, null>({
    schema: adjustmentBodySchema,
    defaultValues: {
      kind: current?.kind ?? 'discount',
      discount: current?.kind === 'discount' ? current.discount : undefined,
      reason: current?.reason ?? '',
    },
    fields: ['kind', 'discount', 'reason'],
    save: async (values) => {
      await api.put(`api/v1/fees/${fee.id}/adjustments/${student.student_id}`, {
        json: { ...values, discount: values.kind === 'exemption' ? 0 : values.discount },
      })
      return null
    },
    savedText: t`The adjustment has been saved.`,
    onSaved,
  })
  const e = form.formState.errors
  const kind = form.watch('kind')
  const discount = form.watch('discount')
  const left =
    typeof discount === 'number' && Number.isInteger(discount) && discount > 0 && discount < fee.amount
      ? fee.amount - discount
      : undefined
  return (
    <FormDialog
      title={t`Discount or exemption`}
      submitLabel={t`Save`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => void form.submit(event)}
      size="md"
    >
      <p>
        <span dir="auto" className="font-medium">
          {student.name}
        </span>{' '}
        · <span dir="auto">{fee.concept}</span> · {money(fee.amount, currency)}
      </p>
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <RadioGroup
            label={t`Kind`}
            value={field.value ?? 'discount'}
            onChange={(value) => {
              field.onChange(value)
              if (value === 'exemption') {
                form.setValue('discount', undefined)
                form.clearErrors('discount')
              }
            }}
            error={e.kind?.message}
          >
            <Radio value="discount">{t`Discount: part of the amount`}</Radio>
            <Radio value="exemption">{t`Exemption: nothing to pay`}</Radio>
          </RadioGroup>
        )}
      />
      {kind === 'discount' && (
        <TextField
          label={t`Discount amount`}
          inputMode="numeric"
          autoComplete="off"
          hint={
            left !== undefined
              ? t`${student.name} will owe ${money(left, currency)}.`
              : t`Less than the fee’s amount (${money(fee.amount, currency)}).`
          }
          error={e.discount?.message}
          {...form.register('discount', { setValueAs: parseAmount })}
        />
      )}
      <TextField
        label={t`Reason`}
        maxLength={200}
        placeholder={t`Scholarship, sibling discount…`}
        hint={t`The family sees it beside the fee.`}
        error={e.reason?.message}
        {...form.register('reason')}
      />
    </FormDialog>
  )
}
