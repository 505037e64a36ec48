// Row types of processes, the courses they involve and those courses' practice schedules.
import type { Generated } from 'kysely'

export interface ProcessesTable {
  id: string
  college_id: number
  author_id: number
  name: string
  description: string
  starts_on: string
  ends_on: string
  version: number
  deleted_at: string | null
  created_at: string
  updated_at: string
}

export interface ProcessCoursesTable {
  id: Generated<number>
  college_id: number
  process_id: string
  course_id: number
}

export interface ProcessSchedulesTable {
  id: string
  college_id: number
  process_id: string
  course_id: number
  weekday: number | null
  on_date: string | null
  starts_at: string
  ends_at: string
  place: string
  supervisor: string
  notes: string
  created_at: string
  updated_at: string
}
