// Documents read only from the mirror: folders by their address (`circulares/2026`), documents of a
// folder or found by title, and what this person opened and kept on the device.
import type { CollegeDocument, DocumentCategory } from '#shared/documents.schema.ts'
import type { LocalDb, PinnedDocument } from '../../platform/sync/local-db.ts'

export type Folder = DocumentCategory & { path: string; trail: DocumentCategory[] }

/** Every folder with its whole address and the folders above it, in address order. */
export function foldersOf(categories: DocumentCategory[]): Folder[] {
  const byId = new Map(categories.map((c) => [c.id, c]))
  const trailOf = (category: DocumentCategory): DocumentCategory[] => {
    const trail: DocumentCategory[] = []
    for (let at: DocumentCategory | undefined = category; at && trail.length < 50; ) {
      trail.unshift(at)
      at = at.parent_id === null ? undefined : byId.get(at.parent_id)
    }
    return trail
  }
  return categories
    .map((c) => {
      const trail = trailOf(c)
      return { ...c, trail, path: trail.map((t) => t.slug).join('/') }
    })
    .sort((a, b) => a.path.localeCompare(b.path))
}

export type DocumentsView = {
  folders: Folder[]
  documents: CollegeDocument[]
  opened: Set<string>
  pinned: Map<string, PinnedDocument>
}

export async function documentsView(db: LocalDb): Promise<DocumentsView> {
  const [categories, documents, opens, pinned] = await Promise.all([
    db.document_categories.toArray(),
    db.documents.toArray(),
    db.document_opens.toArray(),
    db.pinned_documents.toArray(),
  ])
  // Newest first: the date it was published, then when it was added.
  documents.sort(
    (a, b) => b.published_on.localeCompare(a.published_on) || b.created_at.localeCompare(a.created_at),
  )
  return {
    folders: foldersOf(categories),
    documents,
    opened: new Set(opens.map((o) => o.document_id)),
    pinned: new Map(pinned.map((p) => [p.id, p])),
  }
}

/** The folder at this address, undefined for the top, null when no folder has it. */
export function folderAt(folders: Folder[], path: string): Folder | undefined | null {
  const clean = path.replace(/^\/+|\/+$/g, '')
  if (!clean) return undefined
  return folders.find((f) => f.path === clean) ?? null
}

/** The ids of a folder and every folder inside it. */
export function withSubfolders(folders: Folder[], folder: Folder): Set<number> {
  return new Set(folders.filter((f) => f.trail.some((t) => t.id === folder.id)).map((f) => f.id))
}
