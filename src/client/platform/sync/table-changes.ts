// The pull worker tells the page which tables a sync page wrote, not which keys. Dexie's own way
// follows every key and index value a write touches and sends that set to the page, which merges it
// key by key into each live query's: a first sync's dozen pages of 500 rows cost the page's main thread
// ~260 ms in Dexie alone (profiled on Home), enough for a phone to miss taps while Home filled. What a
// page brings is new to the mirror anyway, so each live query reading one of its tables runs again, as
// it did; `meta` is told by key (the cursor changes at every page, and what reads it is not).
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
