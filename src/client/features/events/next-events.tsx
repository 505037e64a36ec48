// The home page's next events, from the mirror.
import { Trans } from '@lingui/react/macro'
import { todayIn } from '#shared/time-zones.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { EventList } from './event-list.tsx'
import { categoriesById, upcomingEvents } from './event-queries.ts'

export function NextEvents({ limit = 3 }: { limit?: number }) {
  const zone = useCollegeZone()
  const today = todayIn(zone)
  const events = useLocalQuery(
    (db) => upcomingEvents(db, today, new Date().toISOString(), limit),
    [today, limit],
  )
  const categories = useLocalQuery(categoriesById, [])
  if (events === undefined) return <div aria-hidden="true" className="card h-20 animate-pulse" />
  if (events.length === 0)
    return (
      <p className="text-muted">
        <Trans>No events coming up.</Trans>
      </p>
    )
  return <EventList events={events} categories={categories} zone={zone} />
}
