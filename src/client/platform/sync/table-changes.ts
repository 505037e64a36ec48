// The pull worker tells the page which tables a sync page wrote, not which keys. Dexie's own way
// follows every key and index value a write touches (a page of 500 rows in three or four indexes each)
// and sends that set to the page, which merges it into the ranges of every live query before asking
// the ones it touches again: ~77 ms of the page's main thread during a first open of Home here, in a
// profile. Now a query of a table a page wrote runs again even where the page's keys fell outside
// what it read (older posts under Home's newest four): while a mirror fills, such a query runs at most
// once a second anyway (use-local-query.ts), and a poked tab's page is a few rows. `meta` is told by
// key: its cursor changes at every page, and what reads `meta` reads other keys.
import { Dexie, type ObservabilitySet, RangeSet } from 'dexie'
import type { LocalDb } from './local-db.ts'
import type { PageWrites } from './pull.ts'

/** Dexie's middleware that follows written keys for live queries (its name in Dexie 4). */
const KEY_TRACKING = { stack: 'dbcore', name: 'Observability' } as const

/** A mirror whose writes are not followed key by key: its writer announces them (`announceWrites`). */
export function withoutKeyTracking(db: LocalDb): LocalDb {
  return db.unuse(KEY_TRACKING)
}

/** Every key there is, as Dexie marks a whole table changed (a mirror just made). */
const everyKey = () => new RangeSet(Number.NEGATIVE_INFINITY, [[[]]])

/**
 * Tells every live query reading what a page wrote, in this context and the others (the page, other
 * tabs: Dexie relays it through its BroadcastChannel), that it changed: each written table in every
 * index, and `meta` at the keys written.
 */
export function announceWrites(db: LocalDb, { tables, meta }: PageWrites): void {
  const part = (table: string, index = '') => `idb://${db.name}/${table}/${index}`
  const parts: ObservabilitySet = {}
  for (const name of tables) {
    for (const index of db.table(name).schema.indexes) parts[part(name, index.name)] = everyKey()
    parts[part(name)] = everyKey()
    parts[part(name, ':dels')] = everyKey()
  }
  parts[part(db.meta.name)] = new RangeSet().addKeys(meta)
  parts[part(db.meta.name, ':dels')] = new RangeSet().addKeys(meta)
  Dexie.on.storagemutated.fire(parts)
}
