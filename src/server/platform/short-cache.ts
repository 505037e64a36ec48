// What nearly every request reads first (its host's college, its token's user and permissions) is kept
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
}

type Entry = { value: unknown; until: number }
type Caches = { generation: number; byName: Map<string, Map<string, Entry>> }

// One set per database: tests that start many apps, each on its own database, share nothing.
const byDatabase = new WeakMap<Kysely<Database>, Caches>()

function cachesOf(db: Kysely<Database>): Caches {
  const known = byDatabase.get(db)
  if (known) return known
  const caches: Caches = { generation: 0, byName: new Map() }
  byDatabase.set(db, caches)
  return caches
}

export function shortCache<V>(db: Kysely<Database>, name: string): ShortCache<V> {
  const caches = cachesOf(db)
  const map = caches.byName.get(name) ?? new Map<string, Entry>()
  caches.byName.set(name, map)
  return {
    async get(id, load) {
      const hit = map.get(id)
      if (hit && hit.until > Date.now()) return hit.value as V
      // A write that ends while this read is under way may have changed what it read: not kept then.
      const generation = caches.generation
      const value = await load()
      if (generation === caches.generation) {
        map.delete(id)
        if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!)
        map.set(id, { value, until: Date.now() + SHORT_CACHE_MS })
      }
      return value
    },
  }
}

const announcers = new Set<() => void>()

/** The PostgreSQL relay tells the other servers of each write made here; the answer stops it. */
export function onShortCachesCleared(announce: () => void): () => void {
  announcers.add(announce)
  return () => announcers.delete(announce)
}

/**
 * Forgets everything kept for this database: after any write made here (`elsewhere` false, and the
 * other servers are told), or when another server says it made one.
 */
export function clearShortCaches(db: Kysely<Database>, elsewhere = false): void {
  const caches = cachesOf(db)
  caches.generation++
  for (const map of caches.byName.values()) map.clear()
  if (!elsewhere) for (const announce of announcers) announce()
}

/** The tables the kept values are read from (tenancy.ts, auth.ts). */
const CACHED_FROM = new Set([
  'colleges',
  'college_domains',
  'access_tokens',
  'users',
  'roles',
  'role_permissions',
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
