// /payments/: a family's fees wallet, read from the mirror so it opens offline. For each child: what
// is due now and when, what comes next, and every payment with its receipt.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { CircleCheck, Receipt, Wallet } from 'lucide-react'
import { useState } from 'react'
import { formatMoney } from '#shared/money.ts'
import type { Payment } from '#shared/payments.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { errorMessageOf } from '../../platform/api.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { onlineAtom } from '../../platform/online.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { toast } from '../../platform/toasts.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { EmptyState } from '../../ui/empty-state.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { startCheckout } from './payment-actions.ts'
import { PaymentHistory } from './payment-history.tsx'
import { StudentFees } from './student-fees.tsx'
import { buildWallet, walletOf } from './wallet-items.ts'

export function FeesWallet() {
  const { t, i18n } = useLingui()
  const zone = useCollegeZone()
  const online = useAtomValue(onlineAtom)
  const data = useLocalQuery(walletOf, [])
  const [paying, setPaying] = useState<string>()
  const format = useDateFormat()

  if (!data) return <div role="status" aria-label={t`Loading fees…`} className="card h-64 animate-pulse" />
  const wallet = buildWallet(data.fees, data.payments, todayIn(zone))
  const money = (amount: number) => formatMoney(amount, wallet.currency, i18n.locale)

  const pay = async (feeId: number, studentId: number) => {
    setPaying(`${feeId}:${studentId}`)
    try {
      await startCheckout(feeId, studentId)
    } catch (error) {
      toast(errorMessageOf(error) ?? t`The payment could not start. Please try again.`, 'error')
      setPaying(undefined)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t`Fees`}
        description={t`What is due for each of your children, and every payment with its receipt.`}
      />
      {wallet.students.length === 0 ? (
        <EmptyState icon={Wallet} title={t`No fees yet`}>
          <Trans>When the school publishes fees for your children, they appear here.</Trans>
        </EmptyState>
      ) : (
        wallet.students.map((student) => (
          <section key={student.id} aria-labelledby={`student-${student.id}`} className="flex flex-col gap-3">
            <div className="card flex flex-wrap items-center justify-between gap-3 p-4">
              <h2 id={`student-${student.id}`} className="text-lg font-semibold" dir="auto">
                {student.name}
              </h2>
              {student.owed > 0 ? (
                <p className="text-end">
                  <span className="block text-xl font-bold" data-testid="owed">
                    {money(student.owed)}
                  </span>
                  <span className="text-sm text-muted">
                    {student.nextDue && (
                      <Trans>Next due date: {format(`${student.nextDue}T12:00:00Z`, 'long')}</Trans>
                    )}
                  </span>
                </p>
              ) : (
                <p className="flex items-center gap-2 font-medium text-emerald-700 dark:text-emerald-300">
                  <CircleCheck aria-hidden="true" className="size-5" />
                  <Trans>Nothing due now</Trans>
                </p>
              )}
            </div>
            <StudentFees
              items={student.items}
              money={money}
              online={online}
              paying={paying}
              onPay={(feeId) => void pay(feeId, student.id)}
            />
          </section>
        ))
      )}
      <section aria-labelledby="payment-history" className="flex flex-col gap-3">
        <h2 id="payment-history" className="flex items-center gap-2 text-lg font-semibold">
          <Receipt aria-hidden="true" className="size-5" />
          <Trans>Payment history</Trans>
        </h2>
        <PaymentHistory payments={wallet.history as Payment[]} money={money} />
      </section>
    </div>
  )
}
