// The home page's next events, from the mirror.
import { Trans, useLingui } from '@lingui/react/macro'
import { todayIn } from '#shared/time-zones.ts'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { SkeletonRows } from '../../ui/skeleton.tsx'
import { EventList } from './event-list.tsx'
import { categoriesById, upcomingEvents } from './event-queries.ts'

export function NextEvents({ limit = 3 }: { limit?: number }) {
  const { t } = useLingui()
  const zone = useCollegeZone()
  const ready = useMirrorReady()
  const today = todayIn(zone)
  const events = useLocalQuery(
    (db) => upcomingEvents(db, today, new Date().toISOString(), limit),
    [today, limit],
    undefined,
    { name: 'next-events:events', acrossStarts: true },
  )
  const categories = useLocalQuery(categoriesById, [], undefined, {
    name: 'next-events:categories',
    acrossStarts: true,
  })
  // During a first sync none may have come yet: that is not "no events".
  if (events === undefined || (events.length === 0 && !ready)) {
    return <SkeletonRows count={limit} variant="cards" label={t`Loading the calendar…`} />
  }
  if (events.length === 0)
    return (
      <p className="text-muted">
        <Trans>No events coming up.</Trans>
      </p>
    )
  // Until the first sync is done, the events still to come keep their place.
  const pending = ready ? 0 : limit - events.length
  return <EventList events={events} categories={categories} zone={zone} pending={pending} />
}
