// What else a person's calendar subscription holds besides events (practice sessions): declared by
// the features that own it, so the feed reads them without knowing those features' tables.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { AuthUser, College } from './context.ts'

/** One timed entry of the feed; `starts_at`/`ends_at` are UTC ISO moments, `path` its page in the app. */
export type CalendarSession = {
  uid: string
  name: string
  description: string
  location: string
  starts_at: string
  ends_at: string
  created_at: string
  updated_at: string
  path: string
}

export type CalendarSource = {
  /** Changes whenever any of the college's entries may have changed (part of the feed's ETag). */
  latestVersion: (db: Kysely<Database>, collegeId: number) => Promise<number>
  /** This person's entries on the days `from`..`to` (the college's days, inclusive). */
  sessions: (
    db: Kysely<Database>,
    user: AuthUser,
    college: College,
    days: { from: string; to: string },
  ) => Promise<CalendarSession[]>
}

const sources: CalendarSource[] = []

export function registerCalendarSource(source: CalendarSource): void {
  if (!sources.includes(source)) sources.push(source)
}

export function calendarSources(): readonly CalendarSource[] {
  return sources
}
