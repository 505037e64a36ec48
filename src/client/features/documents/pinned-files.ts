// "Keep offline": a document's file is fetched once through a signed address and kept in the Cache
// API under its own address (`/files/documents/<id>`), which the service worker answers without a
// network. The list of kept files lives in the mirror's database, so it is per person and goes at
// sign-out with everything else (and the cache with it).
import type { CollegeDocument, DocumentLink } from '#shared/documents.schema.ts'
import { api } from '../../platform/api.ts'
import type { LocalDb } from '../../platform/sync/local-db.ts'

export const PINNED_CACHE = 'pinned-documents'

export const pinnedPath = (id: string) => `/files/documents/${id}`

/** A fresh signed address for the file (online only). */
export async function mintLink(id: string, disposition: 'inline' | 'attachment'): Promise<DocumentLink> {
  return api.post(`api/v1/documents/${id}/link`, { json: { disposition } }).json<DocumentLink>()
}

export async function pinDocument(db: LocalDb, document: CollegeDocument): Promise<void> {
  const link = await mintLink(document.id, 'inline')
  const response = await fetch(link.url, { credentials: 'omit' })
  if (!response.ok) throw new Error(`the file answered ${response.status}`)
  const blob = await response.blob()
  const cache = await caches.open(PINNED_CACHE)
  await cache.put(
    pinnedPath(document.id),
    new Response(blob, {
      headers: {
        'Content-Type': response.headers.get('Content-Type') ?? 'application/octet-stream',
        'Content-Disposition': response.headers.get('Content-Disposition') ?? 'inline',
        'Content-Length': String(blob.size),
      },
    }),
  )
  await db.pinned_documents.put({
    id: document.id,
    file_id: document.file.id,
    size: blob.size,
    pinned_at: Date.now(),
  })
}

export async function unpinDocument(db: LocalDb, id: string): Promise<void> {
  await db.pinned_documents.delete(id)
  if (typeof caches !== 'undefined') await (await caches.open(PINNED_CACHE)).delete(pinnedPath(id))
}

export async function unpinAll(db: LocalDb): Promise<void> {
  await db.pinned_documents.clear()
  if (typeof caches !== 'undefined') await caches.delete(PINNED_CACHE)
}

/**
 * Kept files follow their documents: one no longer in the mirror (deleted, or no longer for this
 * person) is dropped, and one whose file was replaced is fetched again when there is a connection.
 */
export async function reconcilePinned(db: LocalDb, online: boolean): Promise<void> {
  const pinned = await db.pinned_documents.toArray()
  if (pinned.length === 0) return
  const found = await db.documents.bulkGet(pinned.map((p) => p.id))
  for (const [i, pin] of pinned.entries()) {
    const document = found[i]
    if (!document) await unpinDocument(db, pin.id)
    else if (document.file.id !== pin.file_id && online)
      await pinDocument(db, document).catch(() => undefined)
  }
}

export async function pinnedTotal(db: LocalDb): Promise<{ count: number; bytes: number }> {
  const pinned = await db.pinned_documents.toArray()
  return { count: pinned.length, bytes: pinned.reduce((sum, p) => sum + p.size, 0) }
}
