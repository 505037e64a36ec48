// Documents on the device: the mirror brings a family's documents in their folders, an open made
// offline marks the document read at once and reaches the server once, and kept files follow their
// documents out of the mirror.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { markOpened } from '#client/features/documents/document-actions.ts'
import { documentsView, folderAt, withSubfolders } from '#client/features/documents/document-queries.ts'
import { watchKeptDocuments } from '#client/features/documents/kept-watch.ts'
import { reconcilePinned } from '#client/features/documents/pinned-files.ts'
import { openLocalDb } from '#client/platform/sync/local-db.ts'
import { replayOutbox } from '#client/platform/sync/outbox.ts'
import { pullOnce } from '#client/platform/sync/pull.ts'
import { searchKey } from '#shared/search-key.ts'
import { type Harness, startHarness } from './helpers/sync-harness.ts'

let h: Harness

beforeEach(async () => {
  h = await startHarness()
})

afterEach(() => h.stop())

async function guardianMirror() {
  await h.signIn('guardian@demo.test')
  const db = openLocalDb(await h.userId('guardian@demo.test'))
  await pullOnce(db)
  return db
}

describe('documents on the device', () => {
  it('arrive in their folders, found by address and by title without accents', async () => {
    const db = await guardianMirror()
    const view = await documentsView(db)
    expect(view.folders.map((f) => f.path)).toEqual([
      'circulares',
      'circulares/2026',
      'formularios',
      'informes-de-notas',
    ])
    const year = folderAt(view.folders, '/circulares/2026/')
    expect(year?.trail.map((c) => c.name)).toEqual(['Circulares', '2026'])
    expect(folderAt(view.folders, 'no/such')).toBeNull()
    expect(folderAt(view.folders, '')).toBeUndefined()
    const circulares = folderAt(view.folders, 'circulares')!
    const inside = withSubfolders(view.folders, circulares)
    expect(
      view.documents.filter((d) => d.category_id !== null && inside.has(d.category_id)).map((d) => d.title),
    ).toEqual(['Circular N° 12: inicio del segundo semestre'])
    expect(view.documents.filter((d) => searchKey(d.title).includes(searchKey('AUTORIZACION')))).toHaveLength(
      1,
    )
    // Families never get the audience of a document.
    expect(view.documents.every((d) => d.audience === null)).toBe(true)
  })

  it('an open made offline counts at once, and reaches the server once', async () => {
    const db = await guardianMirror()
    const [first] = (await documentsView(db)).documents
    h.net.offline = true
    await markOpened(first!.id)
    await markOpened(first!.id)
    expect((await documentsView(db)).opened.has(first!.id)).toBe(true)
    expect(await db.outbox.count()).toBe(1)
    h.net.offline = false
    h.later(10 * 60_000)
    await replayOutbox(db)
    await replayOutbox(db)
    expect(await db.outbox.count()).toBe(0)
    const stored = await h.t.db
      .selectFrom('document_opens')
      .select('document_id')
      .where('user_id', '=', await h.userId('guardian@demo.test'))
      .execute()
    expect(stored.map((s) => s.document_id)).toEqual([first!.id])
  })

  it('a kept file whose document left the mirror is let go', async () => {
    const db = await guardianMirror()
    const [kept] = (await documentsView(db)).documents
    await db.pinned_documents.bulkPut([
      { id: kept!.id, file_id: kept!.file.id, size: 900, pinned_at: 1 },
      { id: '00000000-0000-7000-8000-00000000dead', file_id: 'x', size: 500, pinned_at: 2 },
    ])
    await reconcilePinned(db, false)
    expect((await db.pinned_documents.toArray()).map((p) => p.id)).toEqual([kept!.id])
  })

  it('from the start of the app, a kept file goes as soon as its document leaves the mirror', async () => {
    const db = await guardianMirror()
    const [kept, other] = (await documentsView(db)).documents
    await db.pinned_documents.bulkPut([
      { id: kept!.id, file_id: kept!.file.id, size: 900, pinned_at: 1 },
      { id: other!.id, file_id: other!.file.id, size: 700, pinned_at: 2 },
    ])
    watchKeptDocuments()
    await db.documents.delete(other!.id)
    await vi.waitFor(async () =>
      expect((await db.pinned_documents.toArray()).map((p) => p.id)).toEqual([kept!.id]),
    )
  })
})
