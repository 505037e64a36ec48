// The processes mirrored to each person: those involving their courses, with those courses' schedules.
import type { SyncChange } from '#shared/sync.ts'
import { departures, memo, type PullContext, putsOf, type SyncSource } from '../../platform/sync-registry.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { exitedProcess, processAudienceOf, reachesAudience, visibleProcesses } from './process-audience.ts'
import { toProcessDtos } from './process-dto.ts'

async function processChanges(ctx: PullContext): Promise<SyncChange[]> {
  const audience = await memo(ctx, 'process-audience', () => processAudienceOf(ctx.db, ctx.user))
  const visible = await tenantScope(ctx.db, ctx.college.id)
    .selectFrom('processes')
    .selectAll()
    .where('version', '>', ctx.since)
    .where('version', '<=', ctx.until)
    .where(visibleProcesses(audience))
    .orderBy('version', ctx.order)
    .limit(ctx.limit)
    .execute()
  const puts = putsOf('processes', visible, await toProcessDtos(ctx.db, ctx.college.id, visible, audience))
  return [
    ...puts,
    ...(await departures(ctx, 'processes', exitedProcess(audience), reachesAudience(audience))),
  ]
}

export const processesSyncSources: SyncSource[] = [
  { collection: 'processes', tables: ['processes', 'sync_exits:processes'], changes: processChanges },
]
