// /payments/payments/: every payment of the college, filtered from the address and read in pages, with
// a CSV of what the filters show, payments taken at the office, receipts and refunds; and a summary of
// what came in against what was due, per grade and per month.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Download, FileText, HandCoins, Plus, ReceiptText, SearchX, Undo2 } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { Controller } from 'react-hook-form'
import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import {
  type AdminPayment,
  type CollectionSummary,
  type FeeStudentRow,
  type FeeSummaryRow,
  type ManualPaymentInput,
  manualPaymentSchema,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentProviderId,
  type PaymentStatus,
} from '#shared/payments.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { api, errorMessageOf, isNetworkError } from '../../../platform/api.ts'
import { useCollegeZone } from '../../../platform/college.ts'
import { useDateFormat } from '../../../platform/dates.ts'
import { queryString, useRemote, useRemoteList } from '../../../platform/remote.ts'
import { userAtom } from '../../../platform/session.ts'
import { toast } from '../../../platform/toasts.ts'
import { AriaButton } from '../../../ui/aria-button.tsx'
import { Badge } from '../../../ui/badge.tsx'
import { ComboBox } from '../../../ui/combobox.tsx'
import { DateField } from '../../../ui/date-field.tsx'
import { Dialog } from '../../../ui/dialog.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { FormAlert } from '../../../ui/form-alert.tsx'
import { FormDialog } from '../../../ui/form-dialog.tsx'
import { RemoteContent, TableSkeleton } from '../../../ui/list-status.tsx'
import { PageHeader } from '../../../ui/page-header.tsx'
import { Radio, RadioGroup } from '../../../ui/radio-group.tsx'
import { RemoteTable } from '../../../ui/remote-table.tsx'
import { SearchField } from '../../../ui/search-field.tsx'
import { Select, type SelectOption } from '../../../ui/select.tsx'
import { useServerForm } from '../../../ui/server-form.tsx'
import { Skeleton } from '../../../ui/skeleton.tsx'
import { type ColumnDef, DataTable } from '../../../ui/table.tsx'
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/tabs.tsx'
import { TextArea } from '../../../ui/text-area.tsx'
import { useAction } from '../../../ui/use-action.ts'
import { useGradeChoices } from '../../users/college-choices.ts'
import {
  ShareBar,
  STATUS_TONES,
  useCollegeCurrency,
  useMoney,
  usePaymentStatusLabels,
  WHOLE_SCHOOL,
} from './fees-admin.tsx'

export type PaymentsSearch = {
  q?: string
  status?: PaymentStatus
  grade?: string
  fee?: number
  from?: string
  to?: string
  tab?: 'records' | 'summary'
}

const ANY = 'any'

function useMethodLabels(): Record<PaymentMethod, string> {
  const { t } = useLingui()
  return { online: t`Online`, cash: t`Cash`, transfer: t`Bank transfer` }
}

const PROVIDER_NAMES: Record<PaymentProviderId, string> = { webpay: 'Webpay Plus', test: 'Test' }

/** The filters as the API reads them (the list and the CSV take the same ones). */
function filtersOf(search: PaymentsSearch) {
  return {
    q: search.q,
    status: search.status,
    grade: search.grade,
    fee: search.fee,
    from: search.from,
    to: search.to,
  }
}

/** Saves bytes to the device's downloads under `name`. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

function fileNameOf(disposition: string | null): string | undefined {
  return disposition?.match(/filename="?([^";]+)"?/)?.[1]
}

/** A private file through the app's client (it carries the token), refused answers included. */
async function privateFile(path: string): Promise<Response> {
  const response = await api.get(path)
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return response
}

/**
 * The receipt's PDF, fetched with the token and saved as a file, which every phone and browser opens
 * in its own PDF reader (a `blob:` tab would inherit the app's `object-src 'none'`, which stops
 * Chrome's viewer).
 */
async function openReceipt(payment: AdminPayment): Promise<void> {
  const response = await privateFile(`api/v1/payments/${payment.id}/receipt`)
  const blob = new Blob([await response.blob()], { type: 'application/pdf' })
  saveBlob(blob, fileNameOf(response.headers.get('Content-Disposition')) ?? `receipt-${payment.code}.pdf`)
}

export function PaymentsAdmin({
  search,
  onSearch,
}: {
  search: PaymentsSearch
  onSearch: (next: PaymentsSearch) => void
}) {
  const { t } = useLingui()
  const me = useAtomValue(userAtom)
  // The fees and their students are read through the fees API, which needs its own permission.
  const managesFees = Boolean(me?.permissions.includes('fees.manage'))
  const fees = useRemote<{ data: FeeSummaryRow[] }>(managesFees ? 'api/v1/fees' : null)
  const tab = search.tab ?? 'records'
  const [recording, setRecording] = useState(false)
  const [recorded, setRecorded] = useState(0)
  const { busy: exporting, act } = useAction()
  const zone = useCollegeZone()

  const exportCsv = () =>
    act(async () => {
      const response = await privateFile(`api/v1/payments/export.csv${queryString(filtersOf(search))}`)
      saveBlob(
        await response.blob(),
        fileNameOf(response.headers.get('Content-Disposition')) ?? `payments-${todayIn(zone)}.csv`,
      )
    }, t`The CSV file has been saved to your downloads.`)

  return (
    <>
      <PageHeader
        title={t`Payments`}
        description={t`What families paid online, and what the office recorded by hand.`}
        actions={
          <>
            <AriaButton variant="secondary" isPending={exporting} onPress={() => void exportCsv()}>
              <Download aria-hidden="true" className="size-4" />
              {t`Export CSV`}
            </AriaButton>
            {managesFees && (
              <AriaButton onPress={() => setRecording(true)}>
                <Plus aria-hidden="true" className="size-4" />
                {t`Record payment`}
              </AriaButton>
            )}
          </>
        }
      />
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => onSearch({ ...search, tab: key === 'summary' ? 'summary' : undefined })}
      >
        <TabList label={t`Payments`}>
          <Tab id="records">
            <Trans>Records</Trans>
          </Tab>
          <Tab id="summary">
            <Trans>Summary</Trans>
          </Tab>
        </TabList>
        <TabPanel id="records">
          <Records search={search} onSearch={onSearch} fees={fees.data?.data} refresh={recorded} />
        </TabPanel>
        <TabPanel id="summary">
          <SummaryPanel />
        </TabPanel>
      </Tabs>
      {recording && (
        <RecordPaymentDialog
          fees={fees.data?.data}
          feesFailed={fees.status === 'error' || fees.status === 'offline'}
          initialFee={search.fee}
          onClose={() => setRecording(false)}
          onSaved={() => {
            setRecording(false)
            setRecorded((n) => n + 1)
            fees.reload()
          }}
        />
      )}
    </>
  )
}

function feeName(fee: FeeSummaryRow, wholeSchool: string): string {
  return `${fee.concept} · ${fee.grade_name ?? wholeSchool}`
}

// ——— Records ———

function Records({
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
  const methodLabels = useMethodLabels()
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

// ——— One payment ———

function PaymentDetailDialog({
  payment,
  onClose,
  onChanged,
}: {
  payment: AdminPayment
  onClose: () => void
  onChanged: (payment: AdminPayment) => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const format = useDateFormat()
  const statusLabels = usePaymentStatusLabels()
  const methodLabels = useMethodLabels()
  const { busy, act } = useAction()
  const [refunding, setRefunding] = useState(false)
  const p = payment
  const method =
    p.method === 'online' && p.provider
      ? `${methodLabels.online} · ${PROVIDER_NAMES[p.provider]}`
      : methodLabels[p.method]
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t`Payment ${p.code}`}
      description={<Badge tone={STATUS_TONES[p.status]}>{statusLabels[p.status]}</Badge>}
      closeLabel={t`Close`}
      footer={
        p.status === 'approved' && (
          <>
            <AriaButton variant="secondary" onPress={() => setRefunding(true)}>
              <Undo2 aria-hidden="true" className="size-4" />
              {t`Mark as refunded`}
            </AriaButton>
            <AriaButton
              isPending={busy}
              onPress={() => void act(() => openReceipt(p), t`The receipt has been saved to your downloads.`)}
            >
              <FileText aria-hidden="true" className="size-4" />
              {t`Receipt`}
            </AriaButton>
          </>
        )
      }
    >
      <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
        <Detail label={t`Amount`}>
          <span className="text-lg font-semibold tabular-nums">{money(p.amount, p.currency)}</span>
        </Detail>
        <Detail label={t`Code`}>
          <span dir="ltr" className="font-mono">
            {p.code}
          </span>
        </Detail>
        <Detail label={t`Concept`}>
          <span dir="auto">{p.concept}</span>
        </Detail>
        <Detail label={t`Student`}>
          <span dir="auto">{p.student_name}</span>
        </Detail>
        <Detail label={t`Grade`}>
          {p.grade_name ? <span dir="auto">{p.grade_name}</span> : t`Whole school`}
        </Detail>
        <Detail label={t`Method`}>{method}</Detail>
        <Detail label={t`Paid by`}>{p.payer_name ? <span dir="auto">{p.payer_name}</span> : '—'}</Detail>
        <Detail label={t`Recorded by`}>
          {p.recorded_by_name ? <span dir="auto">{p.recorded_by_name}</span> : '—'}
        </Detail>
        <Detail label={t`Paid on`}>{p.paid_at ? format(p.paid_at, 'dateTime') : '—'}</Detail>
        <Detail label={t`Started`}>{format(p.created_at, 'dateTime')}</Detail>
        <Detail label={t`Authorization code`}>
          {p.authorization_code ? (
            <span dir="ltr" className="font-mono">
              {p.authorization_code}
            </span>
          ) : (
            '—'
          )}
        </Detail>
        <Detail label={t`Card`}>
          {p.card_last4 ? (
            <span dir="ltr" className="font-mono">
              •••• {p.card_last4}
            </span>
          ) : (
            '—'
          )}
        </Detail>
      </dl>
      {refunding && (
        <RefundDialog
          payment={p}
          onClose={() => setRefunding(false)}
          onRefunded={(refunded) => {
            setRefunding(false)
            onChanged(refunded)
          }}
        />
      )}
    </Dialog>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}

function RefundDialog({
  payment,
  onClose,
  onRefunded,
}: {
  payment: AdminPayment
  onClose: () => void
  onRefunded: (payment: AdminPayment) => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const [note, setNote] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string>()
  const amount = money(payment.amount, payment.currency)
  const refund = async () => {
    setError(undefined)
    setPending(true)
    try {
      const refunded = await api
        .post(`api/v1/payments/${payment.id}/refund`, { json: { note: note.trim() } })
        .json<AdminPayment>()
      toast(t`The payment has been marked as refunded.`, 'success')
      onRefunded(refunded)
    } catch (failure) {
      setError(
        isNetworkError(failure) || !navigator.onLine
          ? t`This needs a connection. Try again when you are online.`
          : (errorMessageOf(failure) ?? t`That did not work. Please try again.`),
      )
    } finally {
      setPending(false)
    }
  }
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      size="md"
      dismissable={!note}
      title={t`Mark payment ${payment.code} as refunded?`}
      footer={
        <>
          <AriaButton variant="secondary" onPress={onClose}>
            {t`Cancel`}
          </AriaButton>
          <AriaButton variant="danger" isPending={pending} onPress={() => void refund()}>
            {t`Mark as refunded`}
          </AriaButton>
        </>
      }
    >
      <FormAlert>{error}</FormAlert>
      <p className="text-slate-700 dark:text-slate-300">
        {t`This only records the refund in the app: the fee shows as unpaid again and the receipt stops being valid. The ${amount} must be given back through the payment provider’s portal (Transbank for Webpay) or by the school office.`}
      </p>
      <TextArea
        label={t`Note`}
        rows={3}
        maxLength={300}
        placeholder={t`How and when the money was returned`}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </Dialog>
  )
}

// ——— Recording a payment taken at the office ———

type RecordValues = ManualPaymentInput & { note: string }

function RecordPaymentDialog({
  fees,
  feesFailed,
  initialFee,
  onClose,
  onSaved,
}: {
  fees: FeeSummaryRow[] | undefined
  feesFailed: boolean
  initialFee: number | undefined
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useLingui()
  const today = todayIn(useCollegeZone())
  const currency = useCollegeCurrency()
  const [id] = useState(() => uuidv7())
  const schema = useMemo(() => {
    const chooseFee = t`Please choose a fee.`
    const chooseStudent = t`Please choose a student.`
    const e = manualPaymentSchema.entries
    return v.object({
      ...e,
      fee_id: v.pipe(v.number(chooseFee), v.integer(chooseFee), v.minValue(1, chooseFee)),
      student_id: v.pipe(v.number(chooseStudent), v.integer(chooseStudent), v.minValue(1, chooseStudent)),
      paid_on: v.pipe(
        e.paid_on,
        v.check((day) => day <= today, translate(messages.paidOnFuture)),
      ),
    })
  }, [t, today])
  const form = useServerForm<RecordValues, AdminPayment>({
    schema,
    defaultValues: {
      id,
      fee_id: fees?.some((f) => f.id === initialFee) ? initialFee : 0,
      student_id: 0,
      method: 'cash',
      paid_on: today,
      note: '',
    },
    fields: ['fee_id', 'student_id', 'method', 'paid_on', 'note'],
    save: (values) => api.post('api/v1/payments', { json: values }).json<AdminPayment>(),
    savedText: (payment) => t`Payment ${payment.code} has been recorded.`,
    onSaved,
  })
  const e = form.formState.errors
  const feeId = form.watch('fee_id')
  const fee = fees?.find((f) => f.id === feeId)
  return (
    <FormDialog
      title={t`Record payment`}
      submitLabel={t`Record payment`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => void form.submit(event)}
    >
      <p className="text-muted">
        <Trans>
          A payment made at the school office, in cash or by bank transfer. It counts as paid at once and the
          family can download its receipt.
        </Trans>
      </p>
      {feesFailed && !fees && (
        <FormAlert>{t`The fees could not be loaded. Check your connection and try again.`}</FormAlert>
      )}
      <Controller
        control={form.control}
        name="fee_id"
        render={({ field }) => (
          <Select
            label={t`Fee`}
            placeholder={fees ? t`Choose a fee` : t`Loading fees…`}
            isDisabled={!fees}
            options={(fees ?? []).map((f) => ({ id: f.id, name: feeName(f, t`Whole school`) }))}
            value={field.value || null}
            onChange={(key) => {
              field.onChange(key === null ? 0 : Number(key))
              form.setValue('student_id', 0)
            }}
            error={e.fee_id?.message}
          />
        )}
      />
      {fee && (
        <Controller
          control={form.control}
          name="student_id"
          render={({ field }) => (
            <StudentChoice
              key={fee.id}
              fee={fee}
              currency={currency}
              value={field.value || null}
              onChange={(studentId) => field.onChange(studentId ?? 0)}
              error={e.student_id?.message}
            />
          )}
        />
      )}
      <Controller
        control={form.control}
        name="method"
        render={({ field }) => (
          <RadioGroup
            label={t`Method`}
            orientation="horizontal"
            value={field.value ?? 'cash'}
            onChange={field.onChange}
            error={e.method?.message}
          >
            <Radio value="cash">{t`Cash`}</Radio>
            <Radio value="transfer">{t`Bank transfer`}</Radio>
          </RadioGroup>
        )}
      />
      <Controller
        control={form.control}
        name="paid_on"
        render={({ field }) => (
          <DateField
            label={t`Paid on`}
            value={field.value ?? ''}
            onChange={field.onChange}
            hint={t`Today, or an earlier day.`}
            error={e.paid_on?.message}
          />
        )}
      />
      <TextArea
        label={t`Note`}
        rows={2}
        maxLength={300}
        placeholder={t`Transfer number, who brought the money…`}
        error={e.note?.message}
        {...form.register('note')}
      />
    </FormDialog>
  )
}

/** The students of the fee who still owe it and have no payment under way or done. */
function StudentChoice({
  fee,
  currency,
  value,
  onChange,
  error,
}: {
  fee: FeeSummaryRow
  currency: string
  value: number | null
  onChange: (studentId: number | null) => void
  error?: string
}) {
  const { t } = useLingui()
  const money = useMoney()
  const students = useRemote<{ data: FeeStudentRow[] }>(`api/v1/fees/${fee.id}/students`)
  if (!students.data) {
    if (students.status === 'loading')
      return (
        <div role="status" aria-label={t`Loading students…`} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-11 w-full" />
        </div>
      )
    return (
      <FormAlert
        action={
          <AriaButton size="sm" variant="secondary" onPress={students.reload}>
            {t`Try again`}
          </AriaButton>
        }
      >
        {students.status === 'offline'
          ? t`The students need a connection. Try again when you are online.`
          : (students.error ?? t`The students could not be loaded.`)}
      </FormAlert>
    )
  }
  const owing = students.data.data.filter(
    (s) => s.due > 0 && (s.payment === null || s.payment.status === 'refunded'),
  )
  if (owing.length === 0)
    return (
      <FormAlert tone="info">
        {t`Every student of this fee has paid it, has a payment under way, or is exempt.`}
      </FormAlert>
    )
  const chosen = owing.find((s) => s.student_id === value)
  return (
    <div className="flex flex-col gap-2">
      <ComboBox
        label={t`Student`}
        placeholder={t`Type a name`}
        emptyText={t`No student who owes this fee has that name.`}
        options={owing.map((s) => ({
          id: s.student_id,
          name: `${s.name} · ${s.course_name} · ${money(s.due, currency)}`,
        }))}
        value={value}
        onChange={(key) => onChange(key === null ? null : Number(key))}
        hint={t`Only students who still owe this fee are listed.`}
        error={error}
      />
      {chosen && (
        <p className="font-medium">
          {t`Amount to record: ${money(chosen.due, currency)}`}
          {chosen.adjustment && (
            <span className="text-sm font-normal text-muted">
              {' '}
              ({chosen.adjustment.kind === 'exemption' ? t`Exemption` : t`Discount`})
            </span>
          )}
        </p>
      )}
    </div>
  )
}

// ——— Summary ———

function SummaryPanel() {
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

type SummaryRow = { id: string; label: ReactNode; due: number; collected: number }

function SummaryTables({ year }: { year: number }) {
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

function SummaryTable({
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
      title: t`Due`,
      render: (r) => <span className="whitespace-nowrap tabular-nums">{money(r.due, currency)}</span>,
    },
    {
      id: 'collected',
      title: t`Collected`,
      render: (r) => <span className="whitespace-nowrap tabular-nums">{money(r.collected, currency)}</span>,
    },
    {
      id: 'share',
      title: t`Share collected`,
      render: (r) => <ShareBar value={r.collected} total={r.due} label={t`Share collected`} />,
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
