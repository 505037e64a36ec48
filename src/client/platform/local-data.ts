// What one user leaves on a device: IndexedDB and runtime caches. Cleared on sign-out so the next
// person on a shared phone sees nothing of the last one. The precached shell stays.
import { KEPT_ANSWERS_PREFIX, USER_CACHE_KEY } from './storage-keys.ts'

/** `keep`: databases left as they are (other people's unsent writes, sync-engine.ts). */
export async function clearUserData(keep: readonly string[] = []): Promise<void> {
  localStorage.removeItem(USER_CACHE_KEY)
  // Home's last answers (sync/kept-answers.ts), by key here: the sign-in page loads none of that code.
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(KEPT_ANSWERS_PREFIX)) localStorage.removeItem(key)
  }
  if ('indexedDB' in window && typeof indexedDB.databases === 'function') {
    const databases = await indexedDB.databases()
    await Promise.all(
      databases.map(
        (db) =>
          new Promise<void>((resolve) => {
            if (!db.name || keep.includes(db.name)) return resolve()
            const request = indexedDB.deleteDatabase(db.name)
            request.onsuccess = request.onerror = request.onblocked = () => resolve()
          }),
      ),
    )
  }
  if ('caches' in window) {
    const keys = await caches.keys()
    await Promise.all(keys.filter((k) => !k.startsWith('workbox-precache')).map((k) => caches.delete(k)))
  }
}

export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (navigator.storage?.persisted && (await navigator.storage.persisted())) return true
    return (await navigator.storage?.persist?.()) ?? false
  } catch {
    return false
  }
}
