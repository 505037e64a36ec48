// The statistics dashboard's answer: one college, one period of whole days in the college's time
// zone. Shares are 0..1 (null when nothing was targeted); medians are minutes (null when nothing to
// measure). Every figure counts people or records, never who they are.
import * as v from 'valibot'
import { isRealDate, plainString } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

/** The longest period the dashboard answers for in one request. */
export const STATISTICS_MAX_DAYS = 400

const day = v.pipe(plainString(m.dateInvalid), v.check(isRealDate, message(m.dateInvalid)))

/** `from` and `to` are inclusive; `to` defaults to today and `from` to 30 days before it. */
export const statisticsQuerySchema = v.object({
  from: v.optional(day),
  to: v.optional(day),
})

export const STATISTICS_SECTIONS = ['adoption', 'reach', 'conversation', 'money', 'documents'] as const
export type StatisticsSection = (typeof STATISTICS_SECTIONS)[number]

export interface ActiveByRole {
  /** A built-in role key or `custom-<id>`; `name` is the role's name in the college. */
  role: string
  name: string
  /** People of this role who used the app in the window. */
  active: number
  /** People of this role who can sign in (not deactivated). */
  total: number
}

export interface ReachFigures {
  /** Posts published (or notifications sent) in the period. */
  sent: number
  /** The people they reached, counted once per item (a family targeted by 3 posts counts 3). */
  targeted: number
  /** Of those, how many opened them. */
  read: number
  share: number | null
  median_minutes_to_read: number | null
}

export interface MonthMoney {
  /** `YYYY-MM` of the fees' due dates. */
  month: string
  due: number
  collected: number
}

export interface GradeMoney {
  grade_id: number | null
  /** The grade's name; null for fees of the whole school. */
  grade: string | null
  due: number
  collected: number
}

export interface Statistics {
  college: { id: number; name: string }
  period: { from: string; to: string }
  generated_at: string
  adoption: {
    /** Ending today (not at the period's end): who is using the app now. */
    last_7_days: ActiveByRole[]
    last_30_days: ActiveByRole[]
    /** Guardians who can sign in; of them, who opened the installed app and who allowed notifications. */
    families: { total: number; installed: number; notifications_on: number }
  }
  reach: {
    posts: ReachFigures
    notifications: ReachFigures
    emergencies: {
      sent: number
      targeted: number
      answered: number
      safe: number
      help: number
      median_minutes_to_answer: number | null
    }
    /** The period's latest posts (at most 10), newest first, with their own read figures. */
    recent_posts: { id: string; title: string; published_at: string; targeted: number; read: number }[]
  }
  conversation: {
    messages: number
    from_staff: number
    from_families: number
    /** A family's message answered by staff in the same conversation: the median wait. */
    median_minutes_staff_answer: number | null
    /** Per ISO week (`YYYY-Www`) of the period, oldest first. */
    by_week: { week: string; from_staff: number; from_families: number }[]
  }
  money: {
    currency: string
    /** Fees due in the period. */
    due: number
    collected: number
    by_month: MonthMoney[]
    by_grade: GradeMoney[]
  }
  documents: {
    published: number
    /** First opens in the period (a person opening a document twice counts once). */
    opens: number
    people: number
    by_month: { month: string; opens: number }[]
  }
}
