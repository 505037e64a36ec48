// Screens read only from the mirror, through live queries that follow the signed-in user's database.
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { type LocalDb, localDb, onLocalDbChange } from './local-db.ts'

export function useLocalDb(): LocalDb | undefined {
  const [db, setDb] = useState(localDb())
  useEffect(() => onLocalDbChange(setDb), [])
  return db
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
