// The documents area's mirrored collections: documents (per audience, named people included), the
// person's own opens (the "new" mark on every device), and the folders (college-wide).
import type { SyncChange } from '#shared/sync.ts'
import {
  collegeWideChanges,
  departures,
  memo,
  type PullContext,
  putsOf,
  type SyncSource,
} from '../../platform/sync-registry.ts'
import { ownRowsStatement, visibleRowsStatement } from '../../platform/sync-statements.ts'
import { documentAudienceOf, exitedDocument, reachesAudience, visibleDocuments } from './document-audience.ts'
import { toDocumentDtos } from './document-dto.ts'

/** The documents of the page's range the audience may see. */
const documentsVisible = visibleRowsStatement('documents', visibleDocuments)

async function documentChanges(ctx: PullContext): Promise<SyncChange[]> {
  const audience = await memo(ctx, 'document-audience', () => documentAudienceOf(ctx.db, ctx.user))
  const visible = await documentsVisible(ctx, audience)
  const puts = putsOf(
    'documents',
    visible,
    await toDocumentDtos(ctx.db, ctx.college.id, visible, audience.all),
  )
  return [
    ...puts,
    ...(await departures(ctx, 'documents', exitedDocument(audience), reachesAudience(audience))),
  ]
}

/** The person's own opens of documents in the page's range. */
const openRows = ownRowsStatement('document_opens', (rows) =>
  rows.select(['document_id', 'opened_at', 'version']),
)

async function openChanges(ctx: PullContext): Promise<SyncChange[]> {
  const rows = await openRows(ctx)
  return rows.map(
    (r) =>
      ({
        collection: 'document_opens',
        op: 'put',
        id: r.document_id,
        version: Number(r.version),
        data: { id: r.document_id, document_id: r.document_id, opened_at: r.opened_at },
      }) as SyncChange,
  )
}

export const documentsSyncSources: SyncSource[] = [
  { collection: 'documents', tables: ['documents', 'sync_exits:documents'], changes: documentChanges },
  { collection: 'document_opens', tables: ['document_opens@user'], changes: openChanges },
  {
    collection: 'document_categories',
    lookup: true,
    tables: ['document_categories', 'sync_tombstones:document_categories'],
    changes: collegeWideChanges('document_categories', 'document_categories', [
      'id',
      'parent_id',
      'name',
      'slug',
    ]),
  },
]
