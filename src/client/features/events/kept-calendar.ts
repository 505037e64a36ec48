// One calendar kept between visits of the calendar page, for the signed-in user's mirror: drawing a
// month is most of opening the page (schedule-x formats every event's times on each draw), so a visit
// after the first moves the calendar drawn last time back into the page instead of drawing it again.
import type { createCalendar } from '@schedule-x/calendar'
import type { CalendarEvent } from '#shared/events.schema.ts'
import { type LocalDb, onLocalDbChange } from '../../platform/sync/local-db.ts'

export type CalendarApp = ReturnType<typeof createCalendar>

/** Days as `YYYY-MM-DD`: `to` is the day after the last. */
export type DayWindow = { from: string; to: string }

export type KeptCalendar = {
  /** What it was made for (language, zone, categories, day, layout): another key makes another. */
  key: string
  calendar: CalendarApp
  /** The element schedule-x draws into: moved into the page on each visit, out of it on leaving. */
  element: HTMLDivElement
  /** Whether schedule-x has drawn into the element yet (it does once, on the first visit). */
  rendered: boolean
  /** The days on screen, as schedule-x last told of them. */
  range: DayWindow
  /** What the events on screen draw (`signatureOf`), to skip drawing the same ones again. */
  drawn: string
  /** The mirror's events as the page last gave them, for the ranges schedule-x asks for later. */
  latest: CalendarEvent[]
  /** The page's handler for a tapped event (a new one on each visit). */
  onOpen: (id: string) => void
  dark: boolean
}

let kept: { owner: LocalDb; calendar: KeptCalendar } | undefined

/**
 * Forgets the kept calendar. One still in a page (replaced while its page shows it) is ended by that
 * page when it closes, as a calendar that is not kept is: each is ended once.
 */
function drop() {
  const dropped = kept?.calendar
  kept = undefined
  if (dropped && !dropped.element.isConnected) dropped.calendar.destroy()
}

// Signing out (or another user signing in) ends the kept calendar with the mirror it was drawn from:
// nobody else's events wait, drawn, for the next visit.
onLocalDbChange((db) => {
  if (kept && kept.owner !== db) drop()
})

/**
 * The kept calendar for this mirror and key, or a new one from `make` (kept in its place). Without a
 * mirror nothing is kept.
 */
export function keptCalendar(
  owner: LocalDb | undefined,
  key: string,
  make: () => KeptCalendar,
): KeptCalendar {
  if (owner && kept?.owner === owner && kept.calendar.key === key) return kept.calendar
  const made = make()
  if (!owner) return made
  drop()
  kept = { owner, calendar: made }
  return made
}

/** Whether this calendar is the one kept: one that is not is ended when its page closes. */
export function isKept(calendar: KeptCalendar): boolean {
  return kept?.calendar === calendar
}
