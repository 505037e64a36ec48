// Opening, downloading and keeping documents, and the writes of those who manage them (online: an
// upload cannot wait in the outbox, and the forms say so when there is no connection).

import type { CollegeDocument } from '#shared/documents.schema.ts'
import { api } from '../../platform/api.ts'
import { saveBlob } from '../../platform/save-file.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { enqueue, replayOutbox } from '../../platform/sync/outbox.ts'
import { recordKey } from '../../platform/sync/outbox-types.ts'
import { mintLink, PINNED_CACHE, pinnedPath } from './pinned-files.ts'

/** Records the first open on this device at the moment it happens (it reaches the server later if offline). */
export async function markOpened(documentId: string): Promise<void> {
  const db = localDb()
  if (!db || (await db.document_opens.get(documentId))) return
  const opened_at = new Date().toISOString()
  await db.transaction('rw', db.tables, async () => {
    await db.document_opens.put({ id: documentId, document_id: documentId, opened_at, _sync: 'pending' })
    await enqueue(db, {
      kind: 'document.read',
      method: 'POST',
      url: `/api/v1/documents/${documentId}/opened`,
      body: { opened_at },
      record: recordKey('document_opens', documentId),
    })
  })
  void replayOutbox(db)
}

/**
 * Opens the file in the browser's own viewer, in a new tab: a kept file from the device, any other
 * through a signed address. The tab is opened at once (inside the click, so no pop-up blocker
 * stops it) and sent to the address when it arrives.
 */
export async function openDocument(document: CollegeDocument, pinned: boolean): Promise<void> {
  void markOpened(document.id)
  if (pinned) {
    window.open(pinnedPath(document.id), '_blank', 'noopener')
    return
  }
  const tab = window.open('', '_blank')
  try {
    const link = await mintLink(document.id, 'inline')
    if (tab) tab.location.replace(link.url)
    else window.location.assign(link.url)
  } catch (error) {
    tab?.close()
    throw error
  }
}

/** Saves the file to the device's downloads, from the kept copy when there is one. */
export async function downloadDocument(document: CollegeDocument, pinned: boolean): Promise<void> {
  void markOpened(document.id)
  if (pinned) {
    const cached = await (await caches.open(PINNED_CACHE)).match(pinnedPath(document.id))
    if (cached) return saveBlob(await cached.blob(), document.file.name)
  }
  const link = await mintLink(document.id, 'attachment')
  const anchor = window.document.createElement('a')
  anchor.href = link.url
  anchor.download = document.file.name
  window.document.body.append(anchor)
  anchor.click()
  anchor.remove()
}

export async function deleteDocument(document: CollegeDocument): Promise<void> {
  await api.delete(`api/v1/documents/${document.id}`, { headers: { 'If-Match': `"${document.updated_at}"` } })
  await localDb()?.documents.delete(document.id)
}

/** The answer of a write, into the mirror at once (the next pull brings the same). */
export async function storeDocument(document: CollegeDocument): Promise<void> {
  await localDb()?.documents.put(document)
}
