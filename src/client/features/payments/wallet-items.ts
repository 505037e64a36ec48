// The wallet's view of the mirror: for each student, each fee with what is left to pay and where it
// stands (paid, being paid, overdue, due, upcoming, exempt), and the family's payment history.
import type { Fee, Payment } from '#shared/payments.schema.ts'
import type { LocalDb } from '../../platform/sync/local-db.ts'

export type ItemState = 'paid' | 'pending' | 'overdue' | 'due' | 'upcoming' | 'exempt'

export type WalletItem = {
  fee: Fee
  due: number
  discount: number
  reason: string | null
  state: ItemState
  payment: Payment | undefined
}

export type StudentWallet = {
  id: number
  name: string
  items: WalletItem[]
  /** What is due or overdue now. */
  owed: number
  /** The earliest due date still unpaid. */
  nextDue: string | null
}

export type Wallet = { students: StudentWallet[]; history: Payment[]; currency: string }

export async function walletOf(db: LocalDb): Promise<{ fees: Fee[]; payments: Payment[] }> {
  const [fees, payments] = await Promise.all([db.fees.orderBy('end_date').toArray(), db.payments.toArray()])
  return { fees, payments }
}

function stateOf(fee: Fee, due: number, payment: Payment | undefined, today: string): ItemState {
  if (payment?.status === 'approved') return 'paid'
  if (payment?.status === 'pending') return 'pending'
  if (due === 0) return 'exempt'
  if (fee.end_date < today) return 'overdue'
  if (fee.init_date > today) return 'upcoming'
  return 'due'
}

export function buildWallet(fees: Fee[], payments: Payment[], today: string): Wallet {
  // The payment that counts for a fee and student: approved, else one in progress.
  const current = new Map<string, Payment>()
  for (const p of payments) {
    if (p.status !== 'approved' && p.status !== 'pending') continue
    const key = `${p.fee_id}:${p.student_id}`
    if (current.get(key)?.status !== 'approved') current.set(key, p)
  }
  const students = new Map<number, StudentWallet>()
  for (const fee of fees) {
    for (const s of fee.students) {
      const wallet = students.get(s.student_id) ?? {
        id: s.student_id,
        name: s.name,
        items: [],
        owed: 0,
        nextDue: null,
      }
      const payment = current.get(`${fee.id}:${s.student_id}`)
      const state = stateOf(fee, s.due, payment, today)
      wallet.items.push({
        fee,
        due: s.due,
        discount: fee.amount - s.due,
        reason: s.adjustment?.reason ?? null,
        state,
        payment,
      })
      if (state === 'overdue' || state === 'due') {
        wallet.owed += s.due
        if (!wallet.nextDue || fee.end_date < wallet.nextDue) wallet.nextDue = fee.end_date
      }
      students.set(s.student_id, wallet)
    }
  }
  const history = payments
    .filter((p) => p.status !== 'pending')
    .sort((a, b) => (b.paid_at ?? b.created_at).localeCompare(a.paid_at ?? a.created_at))
  return {
    students: [...students.values()].sort((a, b) => a.name.localeCompare(b.name)),
    history,
    currency: fees[0]?.currency ?? payments[0]?.currency ?? 'CLP',
  }
}
