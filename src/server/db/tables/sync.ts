// Row types of the sync protocol's bookkeeping: each college's change counter, tombstones of deleted
// shared rows, and the audiences rows left.
import type { Generated } from 'kysely'

export interface SyncCountersTable {
  college_id: number
  value: number
}

export interface SyncTombstonesTable {
  id: Generated<number>
  college_id: number
  collection: string
  row_id: string
  version: number
}

export interface SyncExitsTable {
  id: Generated<number>
  college_id: number
  collection: string
  row_id: string
  version: number
  /** 1 when the row was visible to its audience at the time (0: it was still waiting for its date). */
  published: number
  /** Both null: the whole college. */
  grade_id: number | null
  course_id: number | null
  /** A named person (and, for a student, their guardians). */
  user_id: number | null
}
