// What nearly every request reads first (its host's college, its token's user and permissions, a
// family's students and courses) is kept
// for a few seconds, so a request does not spend three of its statements on it. A request that wrote
// to a table these are read from empties the caches once it is done (a sign-out, a password change, a
// role or a college edited take effect at once here); other servers behind the same load balancer hear
// of it through the PostgreSQL relay (live-relay.ts), or at worst when their copy expires. Writes to
// other tables (a post, a message) leave them alone: a college's busiest minutes are full of those.
import {
  DeleteQueryNode,
  InsertQueryNode,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
  UpdateQueryNode,
} from 'kysely'
import type { Database } from '../db/schema.ts'

export const SHORT_CACHE_MS = 5_000
const MAX_ENTRIES = 5_000

export type ShortCache<V> = {
  /** The value kept for `key`, or `load`'s, which is kept unless a write cleared the cache meanwhile. */
  get: (key: string, load: () => Promise<V>) => Promise<V>
  /** The value kept for `key` if there is one still good, without loading it (`fast-reads.ts`). */
  peek: (key: string) => { value: V } | undefined
}

/** `generation` and `writes`: what it was read under (`stampOf`). */
type Entry = { value: unknown; until: number; generation: number; writes: number | undefined }
type Kept = {
  entries: Map<string, Entry>
  loading: Map<string, Promise<unknown>>
  /** Made once per name: asked on every request (twice on a fast read), it was made each time. */
  cache?: ShortCache<unknown>
}
type Caches = { generation: number; byName: Map<string, Kept> }

// One set per database: tests that start many apps, each on its own database, share nothing.
const byDatabase = new WeakMap<Kysely<Database>, Caches>()

function cachesOf(db: Kysely<Database>): Caches {
  const known = byDatabase.get(db)
  if (known) return known
  const caches: Caches = { generation: 0, byName: new Map() }
  byDatabase.set(db, caches)
  return caches
}

/**
 * What a kept value was read under: the clears so far and the writes to the cached tables seen so far.
 * A write made outside a request (a job, a script) is then seen too, once it has been sent. Two numbers
 * rather than a text made of them: it is asked twice on every signed-in request.
 */
function stampOf(db: Kysely<Database>): Pick<Entry, 'generation' | 'writes'> {
  return { generation: cachesOf(db).generation, writes: watches.get(db)?.count }
}

export function shortCache<V>(db: Kysely<Database>, name: string): ShortCache<V> {
  const caches = cachesOf(db)
  let kept = caches.byName.get(name)
  if (!kept) {
    kept = { entries: new Map<string, Entry>(), loading: new Map() }
    caches.byName.set(name, kept)
  }
  kept.cache ??= made(db, caches, kept)
  return kept.cache as ShortCache<V>
}

function made<V>(db: Kysely<Database>, caches: Caches, { entries, loading }: Kept): ShortCache<V> {
  const good = (id: string) => {
    const hit = entries.get(id)
    return hit &&
      hit.until > Date.now() &&
      hit.generation === caches.generation &&
      hit.writes === watches.get(db)?.count
      ? hit
      : undefined
  }
  return {
    peek(id) {
      return good(id) as { value: V } | undefined
    },
    async get(id, load) {
      const hit = good(id)
      if (hit) return hit.value as V
      // The sources of one sync page ask at the same moment: one load answers them all.
      const under = loading.get(id)
      if (under) return under as Promise<V>
      // A write that ends while this read is under way may have changed what it read: not kept then.
      const generation = caches.generation
      const stamp = stampOf(db)
      const promise = load()
      loading.set(id, promise)
      let value: V
      try {
        value = await promise
      } finally {
        if (loading.get(id) === promise) loading.delete(id)
      }
      if (generation === caches.generation) {
        entries.delete(id)
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
        entries.set(id, { value, until: Date.now() + SHORT_CACHE_MS, ...stamp })
      }
      return value
    },
  }
}

/** Resolves once the other servers have been told (sent, not necessarily heard). */
type Announce = () => Promise<unknown> | undefined

const announcers = new Set<Announce>()

/** The PostgreSQL relay tells the other servers of each write made here; the answer stops it. */
export function onShortCachesCleared(announce: Announce): () => void {
  announcers.add(announce)
  return () => announcers.delete(announce)
}

/**
 * Forgets everything kept for this database: after any write made here (`elsewhere` false, and the
 * other servers are told), or when another server says it made one. Resolves once the others have
 * been told, so the writer's answer (a sign-out) leaves after the news of it.
 */
export async function clearShortCaches(db: Kysely<Database>, elsewhere = false): Promise<void> {
  const caches = cachesOf(db)
  caches.generation++
  // A load under way may have read before the write: later readers start their own.
  for (const { entries, loading } of caches.byName.values()) {
    entries.clear()
    loading.clear()
  }
  if (!elsewhere) await Promise.all([...announcers].map((announce) => announce()))
}

/** The tables the kept values are read from (tenancy.ts, auth.ts, audience.ts). */
const CACHED_FROM = new Set([
  'colleges',
  'college_domains',
  'access_tokens',
  'users',
  'roles',
  'role_permissions',
  'guardianships',
  'enrollments',
  'courses',
  'grades',
])

function tablesIn(node: unknown, found: string[]): string[] {
  if (!node || typeof node !== 'object') return found
  if (Array.isArray(node)) {
    for (const item of node) tablesIn(item, found)
  } else if (TableNode.is(node as OperationNode)) {
    found.push((node as TableNode).table.identifier.name)
  } else {
    for (const value of Object.values(node)) tablesIn(value, found)
  }
  return found
}

function writtenTables(node: RootOperationNode): string[] {
  if (InsertQueryNode.is(node)) return tablesIn(node.into, [])
  if (UpdateQueryNode.is(node)) return tablesIn(node.table, [])
  if (DeleteQueryNode.is(node)) return tablesIn(node.from, [])
  return []
}

/**
 * Counts the statements that write to a table the caches are read from. Raw `sql` writes are not
 * seen: one to these tables must call clearShortCaches itself.
 */
export class CachedTableWrites implements KyselyPlugin {
  count = 0
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (writtenTables(args.node).some((table) => CACHED_FROM.has(table))) this.count++
    return args.node
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}

const watches = new WeakMap<Kysely<Database>, CachedTableWrites>()

/** Ties the database to the plugin it was opened with (connection.ts). */
export function watchCachedTableWrites(db: Kysely<Database>, watch: CachedTableWrites): void {
  watches.set(db, watch)
}

/**
 * How many writes to the cached tables this database has seen, to compare before and after a request;
 * undefined for a database opened without the watch, where every write must empty the caches.
 */
export function cachedTableWrites(db: Kysely<Database>): number | undefined {
  return watches.get(db)?.count
}
