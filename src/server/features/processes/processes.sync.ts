// The processes mirrored to each person: those involving their courses, with those courses' schedules.
import type { SyncChange } from '#shared/sync.ts'
import { departures, memo, type PullContext, putsOf, type SyncSource } from '../../platform/sync-registry.ts'
import { visibleRowsStatement } from '../../platform/sync-statements.ts'
import { exitedProcess, processAudienceOf, reachesAudience, visibleProcesses } from './process-audience.ts'
import { toProcessDtos } from './process-dto.ts'

/** The processes of the page's range the audience may see. */
const processesVisible = visibleRowsStatement('processes', visibleProcesses)

async function processChanges(ctx: PullContext): Promise<SyncChange[]> {
  const audience = await memo(ctx, 'process-audience', () => processAudienceOf(ctx.db, ctx.user))
  const visible = await processesVisible(ctx, audience)
  const puts = putsOf('processes', visible, await toProcessDtos(ctx.db, ctx.college.id, visible, audience))
  return [
    ...puts,
    ...(await departures(ctx, 'processes', exitedProcess(audience), reachesAudience(audience))),
  ]
}

export const processesSyncSources: SyncSource[] = [
  { collection: 'processes', tables: ['processes', 'sync_exits:processes'], changes: processChanges },
]
