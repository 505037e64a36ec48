// The month, week and day grids and the agenda (schedule-x), drawn from the mirror. Phones open on
// the agenda. Loaded with the calendar route only: none of it ships with sign-in.
import 'temporal-polyfill/global'
import '@schedule-x/theme-default/dist/index.css'
import {
  createViewDay,
  createViewList,
  createViewMonthAgenda,
  createViewMonthGrid,
  createViewWeek,
} from '@schedule-x/calendar'
import { ScheduleXCalendar, useCalendarApp } from '@schedule-x/react'
import { useAtomValue } from 'jotai'
import { useEffect, useMemo } from 'react'
import type { CalendarEvent, EventCategory } from '#shared/events.schema.ts'
import { brandPalette } from '../../platform/contrast.ts'
import { isDark, themeAtom } from '../../platform/theme.ts'

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

function calendarsOf(categories: EventCategory[]) {
  const entry = (color: string) => {
    const palette = brandPalette(color)
    return {
      colorName: '',
      lightColors: { main: color, container: `${color}26`, onContainer: palette.inkLight },
      darkColors: { main: color, container: `${color}40`, onContainer: palette.inkDark },
    }
  }
  return Object.fromEntries([
    [NO_CATEGORY, { ...entry('#64748b'), colorName: NO_CATEGORY }],
    ...categories.map((c) => [`c${c.id}`, { ...entry(c.color), colorName: `c${c.id}` }]),
  ])
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
  const calendar = useCalendarApp({
    views: [...views],
    defaultView: phone ? views[0].name : views[1].name,
    locale: CALENDAR_LOCALES[locale] ?? 'en-US',
    firstDayOfWeek: 1,
    timezone: zone as never,
    isDark: dark,
    calendars: calendarsOf(categories),
    events: events.map((e) => toCalendarEvent(e, zone)),
    callbacks: { onEventClick: (event) => onOpen(String(event.id)) },
  })
  useEffect(() => {
    calendar?.events.set(events.map((e) => toCalendarEvent(e, zone)))
  }, [calendar, events, zone])
  useEffect(() => {
    calendar?.setTheme(dark ? 'dark' : 'light')
  }, [calendar, dark])
  return (
    <div className="event-calendar overflow-hidden rounded-2xl" data-testid="event-calendar">
      <ScheduleXCalendar calendarApp={calendar} />
    </div>
  )
}
