// Row types of the school calendar and its private subscription addresses.
import type { Generated } from 'kysely'

export interface EventCategoriesTable {
  id: Generated<number>
  college_id: number
  name: string
  color: string
  version: number
  created_at: string
}

export interface EventsTable {
  id: string
  college_id: number
  author_id: number
  category_id: number | null
  name: string
  description: string
  location: string
  all_day: number
  starts_at: string
  ends_at: string
  sequence: number
  version: number
  deleted_at: string | null
  created_at: string
  updated_at: string
}

export interface EventTargetsTable {
  id: Generated<number>
  college_id: number
  event_id: string
  grade_id: number | null
  course_id: number | null
}

export interface CalendarFeedsTable {
  id: Generated<number>
  college_id: number
  user_id: number
  token_hash: string
  token_sealed: string
  created_at: string
}
