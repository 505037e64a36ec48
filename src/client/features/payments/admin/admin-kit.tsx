// What the School fees and Payments screens share: money and days as the reader writes them, the
// college's currency, amounts as typed, the share bar, and the payments screen's filters and receipts.
import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Meter } from 'react-aria-components'
import { formatMoney } from '#shared/money.ts'
import type {
  AdminPayment,
  FeeSummaryRow,
  PaymentProviderId,
  PaymentStatus,
} from '#shared/payments.schema.ts'
import { api } from '../../../platform/api.ts'
import { collegeAtom } from '../../../platform/college.ts'
import { useDateFormat } from '../../../platform/dates.ts'
import type { Remote, RemoteList } from '../../../platform/remote.ts'
import { saveBlob } from '../../../platform/save-file.ts'
import { receiptBlob } from '../payment-actions.ts'

export type PaymentsSearch = {
  q?: string
  status?: PaymentStatus
  grade?: string
  fee?: number
  from?: string
  to?: string
  tab?: 'records' | 'summary'
}

export const WHOLE_SCHOOL = 'all'

/** What the college's money is counted in when nothing has said it yet (the database's default). */
const DEFAULT_CURRENCY = 'CLP'

/** Amounts in the college's currency, written the way the reader's language writes money. */
export function useMoney(): (amount: number, currency: string) => string {
  const { i18n } = useLingui()
  return (amount, currency) => formatMoney(amount, currency, i18n.locale)
}

/**
 * The college's currency. The fee rows do not carry it: it comes from `known` (rows that carry it), else
 * from the college's details this device keeps, so no request is made for it and it holds offline.
 */
export function useCollegeCurrency(known?: string): string {
  const college = useAtomValue(collegeAtom)
  return known ?? college.currency ?? DEFAULT_CURRENCY
}

/** A calendar day (`YYYY-MM-DD`) in the reader's language, the same wherever the device is. */
export function useDayFormat(): (day: string) => string {
  const format = useDateFormat()
  return (day) => (day ? format(`${day}T12:00:00Z`, 'date') : '')
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

/**
 * What came in of what is due ("$120.000 of $240.000") over its share bar: the fee list, a fee's
 * detail and the collection summary. `amountsClassName` styles the amounts' line (hidden on wide
 * screens where columns give them, say).
 */
export function CollectedOfDue({
  collected,
  due,
  currency,
  amountsClassName = '',
}: {
  collected: number
  due: number
  currency: string
  amountsClassName?: string
}) {
  const { t } = useLingui()
  const money = useMoney()
  return (
    <>
      <span className={`tabular-nums ${amountsClassName}`}>
        {t`${money(collected, currency)} of ${money(due, currency)}`}
      </span>
      <ShareBar value={collected} total={due} label={t`Share collected`} />
    </>
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

export const ANY = 'any'

export const PROVIDER_NAMES: Record<PaymentProviderId, string> = { webpay: 'Webpay Plus', test: 'Test' }

/** The filters as the API reads them (the list and the CSV take the same ones). */
export function filtersOf(search: PaymentsSearch) {
  return {
    q: search.q,
    status: search.status,
    grade: search.grade,
    fee: search.fee,
    from: search.from,
    to: search.to,
  }
}

export function fileNameOf(disposition: string | null): string | undefined {
  return disposition?.match(/filename="?([^";]+)"?/)?.[1]
}

/** A private file through the app's client (it carries the token), refused answers included. */
export async function privateFile(path: string): Promise<Response> {
  const response = await api.get(path)
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return response
}

/** The receipt's PDF, saved as a file (kept on this device, as the family's copy is). */
export async function openReceipt(payment: AdminPayment): Promise<void> {
  const blob = await receiptBlob(payment.id)
  if (!blob) throw new Error(`receipt ${payment.id}`)
  saveBlob(blob, `receipt-${payment.code}.pdf`)
}

export function feeName(fee: FeeSummaryRow, wholeSchool: string): string {
  return `${fee.concept} · ${fee.grade_name ?? wholeSchool}`
}
