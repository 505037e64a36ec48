// Private files the API serves only with the person's token (message files, document thumbnails):
// fetched once and kept in the app's own Cache Storage, so what was shown once shows offline too.
// Signing out deletes these caches with everything else.
import { authHeaders, syncConfig } from './sync/sync-config.ts'

/** The bytes at `path`: from the cache `cacheName`, else from the server (then cached); undefined if refused. */
export async function cachedPrivateFile(cacheName: string, path: string): Promise<Blob | undefined> {
  const cache = typeof caches !== 'undefined' ? await caches.open(cacheName) : undefined
  const cached = await cache?.match(path)
  if (cached) return cached.blob()
  const response = await syncConfig.fetch(`${syncConfig.baseUrl}${path}`, {
    headers: authHeaders(),
    credentials: 'include',
  })
  if (!response.ok) return undefined
  await cache?.put(path, response.clone())
  return response.blob()
}
