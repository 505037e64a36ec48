// Events as a list of links: the next ones on the calendar page and on the home page.
import { useLingui } from '@lingui/react/macro'
import { MapPin } from 'lucide-react'
import type { EventCategory } from '#shared/events.schema.ts'
import type { LocalEvent } from '../../platform/sync/local-db.ts'
import { TextLink } from '../../ui/link.tsx'
import { SkeletonRow } from '../../ui/skeleton.tsx'
import { dateBadge, eventWhen } from './event-time.ts'

export function EventList({
  events,
  categories,
  zone,
  pending = 0,
}: {
  events: LocalEvent[]
  categories: Map<number, EventCategory> | undefined
  zone: string
  /** Rows still to come (a first sync): held in place so the page below does not jump. */
  pending?: number
}) {
  const { i18n } = useLingui()
  return (
    <ul className="flex flex-col gap-2" data-testid="event-list" aria-busy={pending > 0 || undefined}>
      {events.map((event) => {
        const badge = dateBadge(i18n.locale, zone, event)
        const color = categories?.get(event.category_id ?? -1)?.color ?? '#64748b'
        return (
          <li key={event.id} className="card flex items-center gap-3 p-3">
            <span
              aria-hidden="true"
              className="flex w-12 shrink-0 flex-col items-center rounded-xl border-s-4 bg-slate-50 py-1 dark:bg-slate-800"
              style={{ borderColor: color }}
            >
              <span className="text-xs text-muted uppercase">{badge.month}</span>
              <span className="text-lg leading-tight font-bold">{badge.day}</span>
            </span>
            <span className="flex min-w-0 flex-col">
              <TextLink to="/events" search={{ event: event.id }} className="font-medium" dir="auto">
                {event.name}
              </TextLink>
              <span className="text-sm text-muted">{eventWhen(i18n.locale, zone, event)}</span>
              {event.location && (
                <span className="flex items-center gap-1 text-sm text-muted" dir="auto">
                  <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="truncate">{event.location}</span>
                </span>
              )}
            </span>
          </li>
        )
      })}
      {Array.from({ length: pending }, (_, i) => (
        <li key={`pending-${i}`} aria-hidden="true">
          <SkeletonRow variant="cards" />
        </li>
      ))}
    </ul>
  )
}
