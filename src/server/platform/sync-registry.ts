// Mirrored collections are declared by their features; the sync endpoint only merges them.
import type { Compilable, Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely'
import type { CollectionName, SyncChange } from '#shared/sync.ts'
import type { Database } from '../db/schema.ts'
import type { AuthUser, College } from './context.ts'
import type { ChangeTable } from './sync-probes.ts'
import { pageStatement, plainPageStatement, rowsInRange } from './sync-statements.ts'
import { tenantScope } from './tenant-scope.ts'

/** What a pull knows before its page is built: who asks, in which college. */
export type PullRequest = {
  db: Kysely<Database>
  user: AuthUser
  /** The college as this request read it (kept a few seconds, emptied by any write to it). */
  college: College
  /** Per-pull memo for values several collections need (the user's audience). */
  memo: Map<string, Promise<unknown>>
}

/** A pull while its page is built: the page functions (features/sync/sync-pages.ts) set the bounds. */
export type PullContext = PullRequest & {
  /**
   * The page holds changes numbered after `since` and up to `until`, the first `limit - 1` of them in
   * `order`. Each source returns at most `limit` rows in that order. The sources are read one after
   * another, and once those read hold `limit` changes the page cannot reach past the last of them: the
   * route narrows the bounds, so the sources read next skip those rows instead of reading, shaping
   * and dropping a whole page of their own.
   */
  since: number
  until: number
  limit: number
  /** Oldest first, as a mirror catches up; newest first during a first sync (what matters shows first). */
  order: 'asc' | 'desc'
  /** Part of a first sync: nothing to delete on the client, so no tombstones are sent. */
  initial: boolean
}

export type SyncSource = {
  collection: CollectionName
  /**
   * A short college-wide list other rows name (grades, courses, categories) or Home opens with (the
   * banners): a first sync brings these before anything else, so the newest posts and events it
   * brings next show with their names and colours.
   */
  lookup?: true
  /**
   * The tables whose change numbers carry this collection's changes, as its query reads them (with
   * `sync_exits:`/`sync_tombstones:` and the collection for its exits and tombstones): a catch-up page
   * asks the collection only when one of them has a change in its range (`sync-probes.ts`). Without
   * them, every page asks it.
   */
  tables?: readonly ChangeTable[]
  /** Runs before a pull (for example: scheduled posts whose date has come get a change number). */
  prepare?: (pull: PullRequest) => Promise<void>
  changes: (ctx: PullContext) => Promise<SyncChange[] | ReadRows>
}

/**
 * Rows a source read for a page, made into changes only for as many of them as the page keeps. Each
 * source reads up to the page's length and the page keeps the first of them all: a family's first
 * page read 451 posts, 451 notifications and 451 events for its 500 places, and shaped every post
 * and event, with its targets, pictures and author, to drop most of them.
 */
export type ReadRows = {
  /** The change numbers of the rows read, in the page's order. */
  versions: readonly number[]
  /** The changes of the first `count` of those rows, in that order. */
  shape: (count: number) => Promise<SyncChange[]>
  /** Changes already made (deletions), after the rows. */
  ready: readonly SyncChange[]
}

/** `ReadRows` of rows read in the page's order, made into puts by `dtosOf` once the page is known. */
export function shapeLater<R extends { version: number | string | bigint }>(
  collection: CollectionName,
  rows: readonly R[],
  dtosOf: (rows: R[]) => Promise<readonly { id: string }[]>,
  ready: readonly SyncChange[] = [],
): ReadRows {
  return {
    versions: rows.map((row) => Number(row.version)),
    shape: async (count) => {
      const kept = rows.slice(0, count)
      return putsOf(collection, kept, await dtosOf(kept))
    },
    ready,
  }
}

/** A new list at each registration, never changed after: what is worked out from a list holds for it. */
let sources: readonly SyncSource[] = []

export function registerSyncSources(list: SyncSource[]): void {
  const added = list.filter((source) => !sources.some((s) => s.collection === source.collection))
  if (added.length) sources = [...sources, ...added]
}

export function syncSources(): readonly SyncSource[] {
  return sources
}

/** Sorts changes in the page's order (`PullContext.order`). */
export function pageOrder<T extends { version: number } = SyncChange>(
  ctx: PullContext,
): (a: T, b: T) => number {
  return ctx.order === 'asc' ? (a, b) => a.version - b.version : (a, b) => b.version - a.version
}

export function memo<T>(ctx: PullContext, key: string, make: () => Promise<T>): Promise<T> {
  if (!ctx.memo.has(key)) ctx.memo.set(key, make())
  return ctx.memo.get(key) as Promise<T>
}

/** The DTOs of rows read for a pull (made in the rows' order), as puts at each row's change number. */
export function putsOf(
  collection: CollectionName,
  rows: readonly { version: number | string | bigint }[],
  dtos: readonly { id: string }[],
): SyncChange[] {
  return dtos.map(
    (data, i) =>
      ({ collection, op: 'put', id: data.id, version: Number(rows[i]!.version), data }) as SyncChange,
  )
}

/**
 * The tombstones of a collection in the page's range: compiled once (a poked tab's pull asks it of
 * each college-wide list that changed, and Kysely's building and compiling of it each time showed in
 * the pull's profile).
 */
const tombstonesInRange = pageStatement<[collection: string], { row_id: string; version: number }>(
  (db, range, collection) =>
    rowsInRange(db, 'sync_tombstones', range)
      .select(['row_id', 'version'])
      .where('collection', '=', collection) as unknown as Compilable<{ row_id: string; version: number }>,
  () => '',
  () => ['\u0000tombstones'],
)

/** Deletions of rows shared by the whole college, recorded with `recordTombstone`. */
export async function tombstonesSince(ctx: PullContext, collection: CollectionName): Promise<SyncChange[]> {
  if (ctx.initial) return []
  const rows = await tombstonesInRange(ctx, collection)
  return rows.map(
    (r) => ({ collection, op: 'delete', id: r.row_id, version: Number(r.version) }) as SyncChange,
  )
}

type CollegeWideTable =
  | 'grades'
  | 'courses'
  | 'post_categories'
  | 'event_categories'
  | 'document_categories'
  | 'pyme_categories'

type CollegeWideRow = { id: number; version: number } & Record<string, unknown>

/**
 * The changes of a list every user of the college sees (grades, courses, categories): its rows changed
 * since the cursor, then the tombstones of deleted ones. Made once per source, with its statement.
 */
export function collegeWideChanges(
  collection: CollectionName,
  table: CollegeWideTable,
  columns: readonly string[],
): (ctx: PullContext) => Promise<SyncChange[]> {
  const rowsOf = plainPageStatement(
    (db, range) =>
      rowsInRange(db, table, range).select([
        ...columns,
        'version',
      ] as never[]) as unknown as Compilable<CollegeWideRow>,
  )
  return async (ctx) => {
    const rows = await rowsOf(ctx)
    const puts = rows.map(
      ({ version, ...data }) =>
        ({ collection, op: 'put', id: String(data.id), version: Number(version), data }) as SyncChange,
    )
    return [...puts, ...(await tombstonesSince(ctx, collection))]
  }
}

/**
 * Rows of an audience-scoped collection (soft-deleted, with `sync_exits`) that left an audience this
 * person was in, and that they cannot see now: the mirror drops them. `exited` picks the exits that
 * concerned the person and `reaches` tells whether the row reaches them now; nobody learns the id of
 * a row they could never see.
 */
export async function departures(
  ctx: PullContext,
  collection: 'events' | 'documents' | 'processes',
  exited: (eb: ExpressionBuilder<Database, 'sync_exits'>) => Expression<SqlBool>,
  reaches: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>,
): Promise<SyncChange[]> {
  if (ctx.initial) return []
  const table = collection as 'events'
  const gone = await tenantScope(ctx.db, ctx.college.id)
    .selectFrom('sync_exits')
    .innerJoin(table, `${table}.id`, 'sync_exits.row_id')
    .select((eb) => ['sync_exits.row_id as id', eb.fn.max('sync_exits.version').as('version')])
    .where('sync_exits.collection', '=', collection)
    .where('sync_exits.version', '>', ctx.since)
    .where('sync_exits.version', '<=', ctx.until)
    .where(exited)
    .where((eb) => eb.or([eb(`${table}.deleted_at`, 'is not', null), eb.not(reaches(eb))]))
    .groupBy('sync_exits.row_id')
    .orderBy('version', ctx.order)
    .limit(ctx.limit)
    .execute()
  return gone.map((r) => ({ collection, op: 'delete', id: r.id, version: Number(r.version) }) as SyncChange)
}
