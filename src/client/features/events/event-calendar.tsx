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
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { CalendarEvent, EventCategory } from '#shared/events.schema.ts'
import { addDays, todayIn } from '#shared/time-zones.ts'
import { readableOn, tint } from '../../platform/contrast.ts'
import { isDark, themeAtom } from '../../platform/theme.ts'
import { monthShown } from './event-time.ts'

/** schedule-x's own words exist for these locales; others fall back to the nearest one. */
const CALENDAR_LOCALES: Record<string, string> = {
  ar: 'ar-EG',
  de: 'de-DE',
  en: 'en-US',
  es: 'es-ES',
  'es-MX': 'es-ES',
  fr: 'fr-FR',
  'zh-CN': 'zh-CN',
}

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

/** Days as `YYYY-MM-DD`: `to` is the day after the last. */
type DayWindow = { from: string; to: string }

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

/** Monday to Sunday, as the language writes them in one or two letters (the week starts on Monday). */
function weekdayInitials(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' })
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2024, 0, 1 + i)))
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
  const theme = useAtomValue(themeAtom)
  const dark = isDark(theme, window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false)
  const phone = useMemo(() => window.matchMedia?.('(max-width: 639px)').matches ?? false, [])
  const views = useMemo(
    () =>
      [
        createViewMonthAgenda(),
        createViewMonthGrid(),
        createViewWeek(),
        createViewDay(),
        createViewList(),
      ] as const,
    [],
  )
  // schedule-x converts every event it is given (time zones included) on each draw: it gets those of
  // the days on screen, not the whole mirror. It opens on a month, and tells of every later range.
  const range = useRef<DayWindow>(undefined as never)
  range.current ??= windowOf(...monthShown(todayIn(zone)))
  const latest = useRef(events)
  // Made during the first render and drawn before the first paint: schedule-x's React wrapper made it
  // in an effect and drew it in another, three renders of the page before the month showed.
  const [initial] = useState(() => shownIn(events, range.current, zone))
  const [calendar] = useState(() =>
    createCalendar({
      views: [...views],
      defaultView: phone ? views[0].name : views[1].name,
      locale: CALENDAR_LOCALES[locale] ?? 'en-US',
      firstDayOfWeek: 1,
      timezone: zone as never,
      isDark: dark,
      // Its views slide in, blurred, on opening and on every range change: not for those who asked
      // their device for less motion.
      skipAnimations: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
      calendars: calendarsOf(categories),
      events: initial,
      callbacks: {
        onEventClick: (event) => onOpen(String(event.id)),
        onRangeUpdate: ({ start, end }) => {
          range.current = windowOf(start.toPlainDate().toString(), end.toPlainDate().toString())
          const shown = shownIn(latest.current, range.current, zone)
          drawn.current = signatureOf(shown)
          calendar.events.set(shown)
        },
      },
    }),
  )
  const host = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (!host.current) return
    calendar.render(host.current)
    return () => calendar.destroy()
  }, [calendar])
  // What it was made with is drawn already, and a page opened with remembered events gets the same
  // ones again from the mirror a moment later: each draw of them costs the opening's work again.
  const drawn = useRef<string>(undefined as never)
  drawn.current ??= signatureOf(initial)
  useEffect(() => {
    latest.current = events
    const shown = shownIn(events, range.current, zone)
    const signature = signatureOf(shown)
    if (signature === drawn.current) return
    drawn.current = signature
    calendar.events.set(shown)
  }, [calendar, events, zone])
  useEffect(() => {
    calendar.setTheme(dark ? 'dark' : 'light')
  }, [calendar, dark])
  const wrapper = useRef<HTMLDivElement>(null)
  useAccessibleNames(wrapper, { viewMenu: t`change the view`, date: t`Date shown` }, locale)
  return (
    <div ref={wrapper} className="event-calendar overflow-hidden rounded-2xl" data-testid="event-calendar">
      <div ref={host} />
    </div>
  )
}
