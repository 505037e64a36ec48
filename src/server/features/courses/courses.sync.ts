import type { SyncChange } from '#shared/sync.ts'
import { type PullContext, type SyncSource, tombstonesSince } from '../../platform/sync-registry.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

async function gradeChanges(ctx: PullContext): Promise<SyncChange[]> {
  const rows = await tenantScope(ctx.db, ctx.collegeId)
    .selectFrom('grades')
    .select(['id', 'name', 'position', 'version'])
    .where('version', '>', ctx.since)
    .orderBy('version')
    .orderBy('id')
    .limit(ctx.limit)
    .execute()
  const puts = rows.map(
    ({ version, ...data }) =>
      ({
        collection: 'grades',
        op: 'put',
        id: String(data.id),
        version: Number(version),
        data,
      }) as SyncChange,
  )
  return [...puts, ...(await tombstonesSince(ctx, 'grades'))]
}

async function courseChanges(ctx: PullContext): Promise<SyncChange[]> {
  const rows = await tenantScope(ctx.db, ctx.collegeId)
    .selectFrom('courses')
    .select(['id', 'grade_id', 'name', 'version'])
    .where('version', '>', ctx.since)
    .orderBy('version')
    .orderBy('id')
    .limit(ctx.limit)
    .execute()
  const puts = rows.map(
    ({ version, ...data }) =>
      ({
        collection: 'courses',
        op: 'put',
        id: String(data.id),
        version: Number(version),
        data,
      }) as SyncChange,
  )
  return [...puts, ...(await tombstonesSince(ctx, 'courses'))]
}

export const coursesSyncSources: SyncSource[] = [
  { collection: 'grades', changes: gradeChanges },
  { collection: 'courses', changes: courseChanges },
]
