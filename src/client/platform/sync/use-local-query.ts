// Screens read only from the mirror, through live queries that follow the signed-in user's database.
import { useLiveQuery } from 'dexie-react-hooks'
import { useSyncExternalStore } from 'react'
import { type LocalDb, localDb, onLocalDbChange } from './local-db.ts'

function subscribe(changed: () => void): () => void {
  const stop = onLocalDbChange(changed)
  return () => {
    stop()
  }
}

/**
 * The signed-in user's mirror, followed as it opens and closes. Read as an external store: a mirror
 * opened between a screen's first render and its effects (a screen whose code was already loaded,
 * offline) is not missed, as it was with a state copied at render and a listener added after.
 */
export function useLocalDb(): LocalDb | undefined {
  return useSyncExternalStore(subscribe, localDb)
}

/** `undefined` while loading; the query's answer (or `fallback` without a database) afterwards. */
export function useLocalQuery<T>(
  query: (db: LocalDb) => Promise<T>,
  deps: unknown[],
  fallback?: T,
): T | undefined {
  const db = useLocalDb()
  // The caller lists the query's own inputs in `deps`; the database is added here.
  return useLiveQuery(() => (db ? query(db) : Promise.resolve(fallback)), [db, ...deps])
}
