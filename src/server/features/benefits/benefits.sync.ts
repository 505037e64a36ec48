// The Benefits directory and the banners in every mirror of a college that accepts advertising: its
// pymes, each with the promotions that have not ended, their categories, and the banners. In a college
// without advertising nothing is sent (turning it on or off starts every mirror over: `updateCollege`).
import type { Selectable } from 'kysely'
import type { SyncChange } from '#shared/sync.ts'
import { todayIn } from '#shared/time-zones.ts'
import type { BannersTable, PymesTable } from '../../db/schema.ts'
import {
  collegeWideChanges,
  type PullContext,
  putsOf,
  type SyncSource,
  tombstonesSince,
} from '../../platform/sync-registry.ts'
import { plainPageStatement, rowsInRange } from '../../platform/sync-statements.ts'
import { toBannerDto } from './banners.routes.ts'
import { toPymeDtos } from './pyme-dto.ts'

const softDeletedRows = {
  pymes: plainPageStatement((db, range) => rowsInRange(db, 'pymes', range).selectAll()),
  banners: plainPageStatement((db, range) => rowsInRange(db, 'banners', range).selectAll()),
}

/**
 * Rows of a soft-deleted collection changed since the cursor: the live ones as puts; the deleted
 * ones, those `over` says no mirror needs any more, and tombstones of rows gone for good as deletes.
 */
async function softDeletedChanges<T extends { id: string; version: number; deleted_at: string | null }>(
  ctx: PullContext,
  collection: 'pymes' | 'banners',
  toDtos: (rows: T[], today: string) => Promise<{ id: string }[]>,
  over: (row: T, today: string) => boolean = () => false,
): Promise<SyncChange[]> {
  const { college } = ctx
  if (college.have_advertising !== 1) return []
  const rows = (await softDeletedRows[collection](ctx)) as unknown as T[]
  const today = todayIn(college.timezone)
  const gone = (r: T) => r.deleted_at !== null || over(r, today)
  const live = rows.filter((r) => !gone(r))
  const puts = putsOf(collection, live, await toDtos(live, today))
  const deletes = ctx.initial
    ? []
    : rows
        .filter(gone)
        .map((r) => ({ collection, op: 'delete', id: r.id, version: Number(r.version) }) as SyncChange)
  return [...puts, ...deletes, ...(await tombstonesSince(ctx, collection))]
}

const pymeChanges = (ctx: PullContext) =>
  softDeletedChanges<Selectable<PymesTable>>(ctx, 'pymes', (rows, today) =>
    toPymeDtos(ctx.db, ctx.college.id, rows, { endedBefore: today }),
  )

/**
 * A banner changed to end before today leaves the mirrors; one that simply ends stays until it
 * changes again, and the app shows it only between its days.
 */
const bannerChanges = (ctx: PullContext) =>
  softDeletedChanges<Selectable<BannersTable>>(
    ctx,
    'banners',
    async (rows) => rows.map(toBannerDto),
    (row, today) => row.ends_on < today,
  )

const pymeCategoryChanges = collegeWideChanges('pyme_categories', 'pyme_categories', [
  'id',
  'name',
  'icon',
  'position',
])

async function categoryChanges(ctx: PullContext): Promise<SyncChange[]> {
  if (ctx.college.have_advertising !== 1) return []
  return pymeCategoryChanges(ctx)
}

export const benefitsSyncSources: SyncSource[] = [
  {
    collection: 'pyme_categories',
    lookup: true,
    tables: ['pyme_categories', 'sync_tombstones:pyme_categories'],
    changes: categoryChanges,
  },
  { collection: 'pymes', tables: ['pymes', 'sync_tombstones:pymes'], changes: pymeChanges },
  {
    collection: 'banners',
    lookup: true,
    tables: ['banners', 'sync_tombstones:banners'],
    changes: bannerChanges,
  },
]
