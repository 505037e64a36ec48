// The calendar's mirrored collections: events (per audience) and their categories (college-wide).
import {
  collegeWideChanges,
  departures,
  memo,
  type PullContext,
  type ReadRows,
  type SyncSource,
  shapeLater,
} from '../../platform/sync-registry.ts'
import { visibleRowsStatement } from '../../platform/sync-statements.ts'
import { eventAudienceOf, exitedEvent, reachesAudience, visibleEvents } from './event-audience.ts'
import { toEventDtos } from './event-dto.ts'

/** The events of the page's range the audience may see. */
const eventsVisible = visibleRowsStatement('events', visibleEvents)

async function eventChanges(ctx: PullContext): Promise<ReadRows> {
  const audience = await memo(ctx, 'event-audience', () => eventAudienceOf(ctx.db, ctx.user))
  const visible = await eventsVisible(ctx, audience)
  return shapeLater(
    'events',
    visible,
    (rows) => toEventDtos(ctx.db, ctx.college.id, rows),
    await departures(ctx, 'events', exitedEvent(audience), reachesAudience(audience)),
  )
}

export const eventsSyncSources: SyncSource[] = [
  { collection: 'events', tables: ['events', 'sync_exits:events'], changes: eventChanges },
  {
    collection: 'event_categories',
    lookup: true,
    tables: ['event_categories', 'sync_tombstones:event_categories'],
    changes: collegeWideChanges('event_categories', 'event_categories', ['id', 'name', 'color']),
  },
]
