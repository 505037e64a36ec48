// Kept files follow their documents from the start of the app, not only while Documents is open: a
// document deleted, no longer for this person, or given a new file changes its kept copy at once.
import { liveQuery } from 'dexie'
import { onlineAtom } from '../../platform/online.ts'
import { store } from '../../platform/store.ts'
import { type LocalDb, localDb, onLocalDbChange } from '../../platform/sync/local-db.ts'
import { reconcilePinned } from './pinned-files.ts'

/** The kept files whose document is gone or has another file now (reads only those documents). */
async function staleKept(db: LocalDb): Promise<string[]> {
  const pins = await db.pinned_documents.toArray()
  if (pins.length === 0) return []
  const documents = await db.documents.bulkGet(pins.map((p) => p.id))
  return pins.filter((p, i) => documents[i]?.file.id !== p.file_id).map((p) => p.id)
}

export function watchKeptDocuments(): void {
  let stop: (() => void) | undefined
  const follow = (db: LocalDb | undefined) => {
    stop?.()
    stop = undefined
    if (!db) return
    const subscription = liveQuery(() => staleKept(db)).subscribe({
      next: (stale) => {
        if (stale.length) void reconcilePinned(db, store.get(onlineAtom))
      },
      error: () => undefined,
    })
    stop = () => subscription.unsubscribe()
  }
  onLocalDbChange(follow)
  follow(localDb())
  // A file replaced while offline is fetched again when the connection returns.
  store.sub(onlineAtom, () => {
    const db = localDb()
    if (db && store.get(onlineAtom)) void reconcilePinned(db, true)
  })
}
