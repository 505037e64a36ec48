// The calendar's mirrored collections: events (per audience) and their categories (college-wide).
import type { SyncChange } from '#shared/sync.ts'
import { collegeWideChanges, memo, type PullContext, type SyncSource } from '../../platform/sync-registry.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { eventAudienceOf, exitedEvent, reachesAudience, visibleEvents } from './event-audience.ts'
import { toEventDtos } from './event-dto.ts'

async function eventChanges(ctx: PullContext): Promise<SyncChange[]> {
  const audience = await memo(ctx, 'event-audience', () => eventAudienceOf(ctx.db, ctx.user))
  const scope = tenantScope(ctx.db, ctx.collegeId)
  const visible = await scope
    .selectFrom('events')
    .selectAll()
    .where('version', '>', ctx.since)
    .where(visibleEvents(audience))
    .orderBy('version')
    .limit(ctx.limit)
    .execute()
  const puts = (await toEventDtos(ctx.db, ctx.collegeId, visible)).map(
    (data, i) =>
      ({
        collection: 'events',
        op: 'put',
        id: data.id,
        version: Number(visible[i]!.version),
        data,
      }) as SyncChange,
  )
  if (ctx.initial) return puts
  // Events deleted or moved out of an audience this user was in, and not visible to them now. Nobody
  // learns the id of an event they could never see.
  const gone = await scope
    .selectFrom('sync_exits')
    .innerJoin('events', 'events.id', 'sync_exits.row_id')
    .select((eb) => ['sync_exits.row_id as id', eb.fn.max('sync_exits.version').as('version')])
    .where('sync_exits.collection', '=', 'events')
    .where('sync_exits.version', '>', ctx.since)
    .where(exitedEvent(audience))
    .where((eb) => eb.or([eb('events.deleted_at', 'is not', null), eb.not(reachesAudience(audience)(eb))]))
    .groupBy('sync_exits.row_id')
    .orderBy('version')
    .limit(ctx.limit)
    .execute()
  return [
    ...puts,
    ...gone.map(
      (r) => ({ collection: 'events', op: 'delete', id: r.id, version: Number(r.version) }) as SyncChange,
    ),
  ]
}

export const eventsSyncSources: SyncSource[] = [
  { collection: 'events', changes: eventChanges },
  {
    collection: 'event_categories',
    changes: (ctx) =>
      collegeWideChanges(ctx, 'event_categories', 'event_categories', ['id', 'name', 'color']),
  },
]
