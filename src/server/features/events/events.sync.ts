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
import { tenantScope } from '../../platform/tenant-scope.ts'
import { eventAudienceOf, exitedEvent, reachesAudience, visibleEvents } from './event-audience.ts'
import { toEventDtos } from './event-dto.ts'

async function eventChanges(ctx: PullContext): Promise<ReadRows> {
  const audience = await memo(ctx, 'event-audience', () => eventAudienceOf(ctx.db, ctx.user))
  const scope = tenantScope(ctx.db, ctx.college.id)
  const visible = await scope
    .selectFrom('events')
    .selectAll()
    .where('version', '>', ctx.since)
    .where('version', '<=', ctx.until)
    .where(visibleEvents(audience))
    .orderBy('version', ctx.order)
    .limit(ctx.limit)
    .execute()
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
    changes: (ctx) =>
      collegeWideChanges(ctx, 'event_categories', 'event_categories', ['id', 'name', 'color']),
  },
]
