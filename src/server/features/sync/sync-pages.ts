// The two kinds of sync page: catching up from a cursor, oldest change first, and a first sync, which
// brings the lookup lists and then everything else newest first (README, "How offline sync works").
import type { SyncChange, SyncResponse } from '#shared/sync.ts'
import { changedTables } from '../../platform/sync-probes.ts'
import {
  type PullContext,
  type PullRequest,
  pageOrder,
  type ReadRows,
  type SyncSource,
} from '../../platform/sync-registry.ts'
import { lastVersion } from '../../platform/sync-versions.ts'
import { encodeSyncCursor, type SyncCursor } from './sync-cursor.ts'

type Page = { changes: SyncChange[]; hasMore: boolean }
type Mine = Pick<SyncCursor, 'userId' | 'epoch'>

const byVersion = (a: SyncChange, b: SyncChange) => a.version - b.version

/** A change of the page being built: made already, or the next row of a source's `ReadRows`. */
type Candidate = { version: number; change?: SyncChange; read?: number }

/**
 * `kept` and `next`, each in page order, as one list in page order of at most `max` items; on equal
 * change numbers `kept`'s come first, as a stable sort of the two one after the other would put them.
 */
function mergeInOrder<T>(kept: T[], next: T[], inOrder: (a: T, b: T) => number, max: number): T[] {
  const merged: T[] = []
  let i = 0
  let j = 0
  while (merged.length < max && (i < kept.length || j < next.length)) {
    if (j >= next.length || (i < kept.length && inOrder(kept[i]!, next[j]!) <= 0)) merged.push(kept[i++]!)
    else merged.push(next[j++]!)
  }
  return merged
}

/**
 * The first `limit` changes of these sources between `ctx.since` and `ctx.until`, in `ctx.order`, and
 * whether more follow. One source after another, each reading only as far as the page can still
 * reach: once those read hold `limit + 1` changes (the last one tells `hasMore`), the bounds close in
 * on the last of them, and the sources read next skip every row past it instead of reading, shaping
 * and dropping a page of their own. Rows a source hands over unshaped (`ReadRows`) are shaped once
 * the page is known, only those it keeps: a prefix of each source's rows, which come in page order.
 * Each source's changes are merged into those kept so far (sorting all of them again after each
 * source was most of this function's time on a first page of three full sources).
 */
async function collect(ctx: PullContext, sources: readonly SyncSource[], limit: number): Promise<Page> {
  ctx.limit = limit + 1
  const inOrder = pageOrder<Candidate>(ctx)
  const reads: ReadRows[] = []
  let all: Candidate[] = []
  for (const source of sources) {
    const got = await source.changes(ctx)
    const mine: Candidate[] = []
    if (Array.isArray(got)) {
      for (const change of got) mine.push({ version: change.version, change })
    } else {
      const read = reads.push(got) - 1
      for (const version of got.versions) mine.push({ version, read })
      for (const change of got.ready) mine.push({ version: change.version, change })
    }
    if (mine.length === 0) continue
    // Stable, and cheap on rows that come in page order already.
    mine.sort(inOrder)
    all = mergeInOrder(all, mine, inOrder, ctx.limit)
    if (all.length >= ctx.limit) {
      const edge = all[ctx.limit - 1]!.version
      if (ctx.order === 'asc') ctx.until = edge
      else ctx.since = edge - 1
    }
  }
  const kept = all.slice(0, limit)
  const counts = reads.map(() => 0)
  for (const candidate of kept) if (candidate.read !== undefined) counts[candidate.read]!++
  const shaped = await Promise.all(reads.map((read, i) => (counts[i] ? read.shape(counts[i]!) : [])))
  const next = reads.map(() => 0)
  const changes = kept.map((c) => c.change ?? shaped[c.read!]![next[c.read!]!++]!)
  return { changes, hasMore: all.length > limit }
}

/** Every table of a list of sources, worked out once per list (the registry's, the same at every pull). */
const tablesOfSources = new WeakMap<readonly SyncSource[], string[]>()

/** The sources that may have a change between `from` and `until`: see `SyncSource.tables`. */
async function withChanges(
  pull: PullRequest,
  sources: readonly SyncSource[],
  from: number,
  until: number,
): Promise<readonly SyncSource[]> {
  let tables = tablesOfSources.get(sources)
  if (!tables) {
    tables = [...new Set(sources.flatMap((s) => s.tables ?? []))]
    tablesOfSources.set(sources, tables)
  }
  const changed = await changedTables(pull.db, pull.college.id, pull.user.id, tables, from, until)
  return sources.filter((s) => !s.tables || s.tables.some((table) => changed.has(table)))
}

/** The changes after the cursor's change number, oldest first. */
export async function catchUpPage(
  pull: PullRequest,
  sources: readonly SyncSource[],
  mine: Mine,
  from: number,
  limit: number,
): Promise<SyncResponse> {
  const until = await lastVersion(pull.db, pull.college.id)
  // Nothing written in the college since the cursor: no collection has a change to read. Most pulls
  // (every open tab's timer, focus, reconnection) find nothing, and each source's query cost more
  // than this answer (an empty pull: 2.6 ms in the process, 27 statements).
  if (until <= from)
    return { changes: [], hasMore: false, cursor: encodeSyncCursor({ ...mine, version: from }), reset: false }
  const ctx: PullContext = { ...pull, since: from, until, limit, order: 'asc', initial: false }
  const page = await collect(ctx, await withChanges(pull, sources, from, until), limit)
  const version = page.changes.at(-1)?.version ?? from
  return { ...page, cursor: encodeSyncCursor({ ...mine, version }), reset: false }
}

/**
 * A page of a first sync: started, or going on from a cursor with a `walk`. Up to the college's last
 * change number as it started: the lookup lists (`SyncSource.lookup`) first, then everything else
 * newest first, so a family's phone shows this week's news, named, after its first page rather than
 * last year's. Once it is done the cursor is that starting number, and what was written meanwhile
 * comes with the next pull.
 */
export async function firstSyncPage(
  pull: PullRequest,
  sources: readonly SyncSource[],
  mine: Mine,
  cursor: SyncCursor | undefined,
  limit: number,
): Promise<SyncResponse> {
  const top = cursor?.walk ? cursor.version : await lastVersion(pull.db, pull.college.id)
  const ctx: PullContext = { ...pull, since: -1, until: top, limit, order: 'asc', initial: true }
  let { after, below } = cursor?.walk ?? { after: -1, below: top + 1 }
  let changes: SyncChange[] = []
  let hasMore = true
  if (after < top) {
    Object.assign(ctx, { since: after, until: top, order: 'asc' })
    const page = await collect(
      ctx,
      sources.filter((s) => s.lookup),
      limit,
    )
    changes = page.changes
    after = page.hasMore ? changes.at(-1)!.version : top
  }
  if (after === top && changes.length < limit) {
    Object.assign(ctx, { since: -1, until: below - 1, order: 'desc' })
    const page = await collect(
      ctx,
      sources.filter((s) => !s.lookup),
      limit - changes.length,
    )
    changes = changes.concat(page.changes)
    below = page.changes.at(-1)?.version ?? below
    hasMore = page.hasMore
  }
  const next: SyncCursor = hasMore
    ? { ...mine, version: top, walk: { after, below } }
    : { ...mine, version: top }
  // A page is applied in change-number order whichever way the pull goes.
  return { changes: changes.sort(byVersion), cursor: encodeSyncCursor(next), hasMore, reset: false }
}
