// Row types of the fees and payments area.
import type { Generated } from 'kysely'

export interface FeesTable {
  id: Generated<number>
  college_id: number
  concept: string
  type: string
  /** An integer in the college's currency. */
  amount: number
  /** Null: every student of the college. */
  grade_id: number | null
  init_date: string
  /** The due date. */
  end_date: string
  /** The fees made together as a monthly series share it. */
  series_id: string | null
  version: number
  deleted_at: string | null
  created_at: string
  updated_at: string
}

export interface FeeAdjustmentsTable {
  id: Generated<number>
  college_id: number
  fee_id: number
  student_id: number
  kind: string
  /** What is taken off the fee's amount (the whole amount for an exemption). */
  discount: number
  reason: string
  created_by: number | null
  created_at: string
}

export interface PaymentsTable {
  id: string
  college_id: number
  code: string
  fee_id: number
  student_id: number
  payer_id: number | null
  recorded_by: number | null
  amount: number
  status: string
  method: string
  provider: string | null
  provider_token: string | null
  authorization_code: string | null
  card_last4: string | null
  payment_type: string | null
  response_code: number | null
  note: string
  paid_at: string | null
  expires_at: string | null
  version: number
  created_at: string
  updated_at: string
}

export interface TestCheckoutsTable {
  token: string
  college_id: number
  buy_order: string
  amount: number
  return_url: string
  decision: string | null
  committed_at: string | null
  created_at: string
}

export interface FeeRemindersTable {
  college_id: number
  guardian_id: number
  sent_at: string
}
