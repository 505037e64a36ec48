// The month, week and day grids and the agenda (schedule-x), drawn from the mirror. Phones open on
// the agenda. Loaded with the calendar route only: none of it ships with sign-in.
import '@schedule-x/theme-default/dist/index.css'
import { useLingui } from '@lingui/react/macro'
import {
  createCalendar,
  createViewDay,
  createViewList,
  createViewMonthAgenda,
  createViewMonthGrid,
  createViewWeek,
} from '@schedule-x/calendar'
import { useAtomValue } from 'jotai'
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { CalendarEvent, EventCategory } from '#shared/events.schema.ts'
import { addDays, todayIn } from '#shared/time-zones.ts'
import { readableOn, tint } from '../../platform/contrast.ts'
import { useLocalDb } from '../../platform/sync/use-local-query.ts'
import { darkAtom } from '../../platform/theme.ts'
import { CALENDAR_LOCALES } from './calendar-words.ts'
import { monthShown } from './event-time.ts'
import { type DayWindow, isKept, type KeptCalendar, keptCalendar } from './kept-calendar.ts'

const NO_CATEGORY = 'none'

function toCalendarEvent(event: CalendarEvent, zone: string) {
  const start = event.all_day
    ? Temporal.PlainDate.from(event.starts_at)
    : Temporal.Instant.from(event.starts_at).toZonedDateTimeISO(zone)
  const end = event.all_day
    ? Temporal.PlainDate.from(event.ends_at)
    : Temporal.Instant.from(event.ends_at).toZonedDateTimeISO(zone)
  return {
    id: event.id,
    title: event.name,
    start,
    end,
    location: event.location || undefined,
    calendarId: event.category_id ? `c${event.category_id}` : NO_CATEGORY,
  }
}

/** The calendar's backgrounds in each theme (set in styles.css), under the tinted event boxes. */
const GRID_LIGHT = '#ffffff'
const GRID_DARK = '#0f172a'

/** Event boxes are solid tints of the category's colour, with text that reads on them (4.5:1). */
function colorsOf(color: string, background: string, amount: number) {
  const container = tint(color, background, amount)
  return { main: color, container, onContainer: readableOn(color, [container]) }
}

/** The days shown, widened by two days each side: stored times are UTC, the grid's days the college's. */
function windowOf(first: string, last: string): DayWindow {
  return { from: addDays(first, -2), to: addDays(last, 3) }
}

/** Events that overlap the window (text order is time order, for days and UTC moments alike). */
function shownIn(events: CalendarEvent[], window: DayWindow, zone: string) {
  return events
    .filter((e) => e.ends_at >= window.from && e.starts_at < window.to)
    .map((e) => toCalendarEvent(e, zone))
}

/** What a list of calendar events draws, as one string: equal strings draw the same. */
function signatureOf(shown: ReturnType<typeof shownIn>): string {
  return JSON.stringify(
    shown.map((e) => [e.id, e.title, String(e.start), String(e.end), e.location, e.calendarId]),
  )
}

function calendarsOf(categories: EventCategory[]) {
  const entry = (color: string) => ({
    colorName: '',
    lightColors: colorsOf(color, GRID_LIGHT, 0.15),
    darkColors: colorsOf(color, GRID_DARK, 0.3),
  })
  return Object.fromEntries([
    [NO_CATEGORY, { ...entry('#64748b'), colorName: NO_CATEGORY }],
    ...categories.map((c) => [`c${c.id}`, { ...entry(c.color), colorName: `c${c.id}` }]),
  ])
}

/**
 * schedule-x names its view button "Select View" whatever it shows, its date input only by a hidden
 * label, every day of its date picker by the same date, areas with no role, and days by letters that
 * do not tell them apart: screen readers, voice control and readers get names that match what is on
 * screen, in the app's language. It redraws these at will, so they are named again whenever it does.
 */
function useAccessibleNames(
  wrapper: RefObject<HTMLDivElement | null>,
  words: { viewMenu: string; date: string },
  locale: string,
) {
  const { viewMenu, date } = words
  useEffect(() => {
    const days = weekdayInitials(locale)
    const root = wrapper.current
    if (!root) return
    const name = (element: Element | null, label: string) => {
      if (element && element.getAttribute('aria-label') !== label) element.setAttribute('aria-label', label)
    }
    const apply = () => {
      const view = root.querySelector('.sx__view-selection-selected-item')
      if (view) name(view, `${view.textContent?.trim() ?? ''}, ${viewMenu}`)
      name(root.querySelector('input.sx__date-input'), date)
      // Its date-picker days all carry the name of one date: the day's number says more, and truly.
      for (const day of root.querySelectorAll('.sx__date-picker__day[aria-label]'))
        day.removeAttribute('aria-label')
      // Its one-letter day names are the first letter of the short name: seven times "ا" in Arabic,
      // "m" for both Tuesday and Wednesday in Spanish. The language's own narrow names instead.
      for (const row of root.querySelectorAll('.sx__month-agenda-day-names, .sx__date-picker__day-names')) {
        for (const [i, cell] of [...row.children].entries()) {
          const initial = days[i]
          if (initial && cell.textContent !== initial) cell.textContent = initial
        }
      }
      // Named areas of the day and week grids: a name needs a role.
      for (const area of root.querySelectorAll('div[aria-label]:not([role])'))
        area.setAttribute('role', 'group')
    }
    apply()
    const observer = new MutationObserver(apply)
    observer.observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-label', 'role'],
    })
    return () => observer.disconnect()
  }, [wrapper, viewMenu, date, locale])
}

const initials = new Map<string, string[]>()

/** Monday to Sunday, as the language writes them in one or two letters (the week starts on Monday). */
function weekdayInitials(locale: string): string[] {
  const known = initials.get(locale)
  if (known) return known
  const format = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' })
  // 2024-01-01 was a Monday.
  const days = Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2024, 0, 1 + i)))
  initials.set(locale, days)
  return days
}

export default function EventCalendar({
  events,
  categories,
  zone,
  locale,
  onOpen,
}: {
  events: CalendarEvent[]
  categories: EventCategory[]
  zone: string
  locale: string
  onOpen: (id: string) => void
}) {
  const { t } = useLingui()
  // Followed while the page is open: with the theme on "auto", a phone turning dark at dusk.
  const dark = useAtomValue(darkAtom)
  const db = useLocalDb()
  // Made during the first render and drawn before the first paint (schedule-x's React wrapper made it
  // in an effect and drew it in another, three renders of the page before the month showed), and kept
  // for the next visit.
  const [kept] = useState(() => {
    const phone = window.matchMedia?.('(max-width: 639px)').matches ?? false
    // Its views slide in, blurred, on opening and on every range change: not for those who asked
    // their device for less motion.
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
    const today = todayIn(zone)
    const key = JSON.stringify([locale, zone, today, phone, still, categories.map((c) => [c.id, c.color])])
    return keptCalendar(db, key, () => {
      // schedule-x converts every event it is given (time zones included) on each draw: it gets those
      // of the days on screen, not the whole mirror. It opens on a month, and tells of every later range.
      const range = windowOf(...monthShown(today))
      const initial = shownIn(events, range, zone)
      const views = [
        createViewMonthAgenda(),
        createViewMonthGrid(),
        createViewWeek(),
        createViewDay(),
        createViewList(),
      ] as const
      const made: KeptCalendar = {
        key,
        element: document.createElement('div'),
        rendered: false,
        range,
        drawn: signatureOf(initial),
        latest: events,
        onOpen,
        dark,
        calendar: createCalendar({
          views: [...views],
          defaultView: phone ? views[0].name : views[1].name,
          // The college's today, as the range above: left to itself schedule-x opens on the device's
          // today, another month than the college's for some hours at a month's end.
          selectedDate: Temporal.PlainDate.from(today),
          locale: CALENDAR_LOCALES[locale]?.locale ?? 'en-US',
          // Given only where the app has its own: given, they replace all of schedule-x's.
          translations: CALENDAR_LOCALES[locale]?.words,
          firstDayOfWeek: 1,
          timezone: zone as never,
          isDark: dark,
          skipAnimations: still,
          calendars: calendarsOf(categories),
          events: initial,
          callbacks: {
            onEventClick: (event) => made.onOpen(String(event.id)),
            onRangeUpdate: ({ start, end }) => {
              made.range = windowOf(start.toPlainDate().toString(), end.toPlainDate().toString())
              const shown = shownIn(made.latest, made.range, zone)
              made.drawn = signatureOf(shown)
              made.calendar.events.set(shown)
            },
          },
        }),
      }
      return made
    })
  })
  // The page's handler of this visit, for a tapped event.
  useLayoutEffect(() => {
    kept.onOpen = onOpen
  })
  const host = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (!host.current) return
    host.current.append(kept.element)
    if (!kept.rendered) {
      kept.calendar.render(kept.element)
      kept.rendered = true
    }
    return () => {
      kept.element.remove()
      if (isKept(kept)) return
      kept.calendar.destroy()
      kept.rendered = false
    }
  }, [kept])
  // A page opened again shows the month drawn last time; the mirror's events are drawn only when they
  // draw something else (each draw costs the opening's work again).
  useEffect(() => {
    // The same rows as last drawn (a page opened again, the practices added to the events anew).
    if (events.length === kept.latest.length && events.every((e, i) => e === kept.latest[i])) return
    kept.latest = events
    const shown = shownIn(events, kept.range, zone)
    const signature = signatureOf(shown)
    if (signature === kept.drawn) return
    kept.drawn = signature
    kept.calendar.events.set(shown)
  }, [kept, events, zone])
  useEffect(() => {
    if (kept.dark === dark) return
    kept.dark = dark
    kept.calendar.setTheme(dark ? 'dark' : 'light')
  }, [kept, dark])
  const wrapper = useRef<HTMLDivElement>(null)
  useAccessibleNames(wrapper, { viewMenu: t`change the view`, date: t`Date shown` }, locale)
  return (
    <div ref={wrapper} className="event-calendar overflow-hidden rounded-2xl" data-testid="event-calendar">
      <div ref={host} />
    </div>
  )
}
