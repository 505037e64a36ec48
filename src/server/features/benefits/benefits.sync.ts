// The Benefits directory in every mirror of a college that accepts advertising: its pymes, each with
// the promotions that have not ended, and their categories. In a college without advertising nothing
// is sent (turning it on or off starts every mirror over: `updateCollege`).
import type { SyncChange } from '#shared/sync.ts'
import { todayIn } from '#shared/time-zones.ts'
import {
  collegeWideChanges,
  memo,
  type PullContext,
  putsOf,
  type SyncSource,
  tombstonesSince,
} from '../../platform/sync-registry.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { toPymeDtos } from './pyme-dto.ts'

function collegeOf(ctx: PullContext) {
  return memo(ctx, 'advertising-college', () =>
    ctx.db
      .selectFrom('colleges')
      .select(['have_advertising', 'timezone'])
      .where('id', '=', ctx.collegeId)
      .executeTakeFirstOrThrow(),
  )
}

async function pymeChanges(ctx: PullContext): Promise<SyncChange[]> {
  const college = await collegeOf(ctx)
  if (college.have_advertising !== 1) return []
  const rows = await tenantScope(ctx.db, ctx.collegeId)
    .selectFrom('pymes')
    .selectAll()
    .where('version', '>', ctx.since)
    .orderBy('version')
    .limit(ctx.limit)
    .execute()
  const live = rows.filter((r) => r.deleted_at === null)
  const dtos = await toPymeDtos(ctx.db, ctx.collegeId, live, { endedBefore: todayIn(college.timezone) })
  const puts = putsOf('pymes', live, dtos)
  const deletes = ctx.initial
    ? []
    : rows
        .filter((r) => r.deleted_at !== null)
        .map(
          (r) => ({ collection: 'pymes', op: 'delete', id: r.id, version: Number(r.version) }) as SyncChange,
        )
  return [...puts, ...deletes, ...(await tombstonesSince(ctx, 'pymes'))]
}

async function categoryChanges(ctx: PullContext): Promise<SyncChange[]> {
  if ((await collegeOf(ctx)).have_advertising !== 1) return []
  return collegeWideChanges(ctx, 'pyme_categories', 'pyme_categories', ['id', 'name', 'icon', 'position'])
}

export const benefitsSyncSources: SyncSource[] = [
  { collection: 'pyme_categories', changes: categoryChanges },
  { collection: 'pymes', changes: pymeChanges },
]
