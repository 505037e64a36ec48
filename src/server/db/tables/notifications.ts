// Row types of sending notifications, background jobs and push subscriptions.
import type { Generated } from 'kysely'

export interface NotificationSendsTable {
  id: string
  college_id: number
  author_id: number
  title: string
  content: string
  emergency: number
  scope: string
  /** JSON list of grade, course or user ids, as the scope says. */
  target_ids: string
  send_at: string
  sent_at: string | null
  cancelled_at: string | null
  recipients: number
  created_at: string
}

export interface JobsTable {
  id: Generated<number>
  college_id: number | null
  kind: string
  payload: string
  run_at: string
  attempts: number
  /** A worker holds the job until then; past it, another may take it (the first one died). */
  locked_until: string | null
  last_error: string | null
  done_at: string | null
  created_at: string
}

export interface PushSubscriptionsTable {
  id: Generated<number>
  college_id: number
  user_id: number
  endpoint: string
  p256dh: string
  auth: string
  created_at: string
}
