// The documents area's mirrored collections: documents (per audience, named people included), the
// person's own opens (the "new" mark on every device), and the folders (college-wide).
import type { SyncChange } from '#shared/sync.ts'
import { collegeWideChanges, memo, type PullContext, type SyncSource } from '../../platform/sync-registry.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { documentAudienceOf, exitedDocument, reachesAudience, visibleDocuments } from './document-audience.ts'
import { toDocumentDtos } from './document-dto.ts'

async function documentChanges(ctx: PullContext): Promise<SyncChange[]> {
  const audience = await memo(ctx, 'document-audience', () => documentAudienceOf(ctx.db, ctx.user))
  const scope = tenantScope(ctx.db, ctx.collegeId)
  const visible = await scope
    .selectFrom('documents')
    .selectAll()
    .where('version', '>', ctx.since)
    .where(visibleDocuments(audience))
    .orderBy('version')
    .limit(ctx.limit)
    .execute()
  const puts = (await toDocumentDtos(ctx.db, ctx.collegeId, visible, audience.all)).map(
    (data, i) =>
      ({
        collection: 'documents',
        op: 'put',
        id: data.id,
        version: Number(visible[i]!.version),
        data,
      }) as SyncChange,
  )
  if (ctx.initial) return puts
  // Documents deleted or moved out of an audience this person was in, and not visible to them now.
  // Nobody learns the id of a document they could never see (another family's report card).
  const gone = await scope
    .selectFrom('sync_exits')
    .innerJoin('documents', 'documents.id', 'sync_exits.row_id')
    .select((eb) => ['sync_exits.row_id as id', eb.fn.max('sync_exits.version').as('version')])
    .where('sync_exits.collection', '=', 'documents')
    .where('sync_exits.version', '>', ctx.since)
    .where(exitedDocument(audience))
    .where((eb) => eb.or([eb('documents.deleted_at', 'is not', null), eb.not(reachesAudience(audience)(eb))]))
    .groupBy('sync_exits.row_id')
    .orderBy('version')
    .limit(ctx.limit)
    .execute()
  return [
    ...puts,
    ...gone.map(
      (r) => ({ collection: 'documents', op: 'delete', id: r.id, version: Number(r.version) }) as SyncChange,
    ),
  ]
}

async function openChanges(ctx: PullContext): Promise<SyncChange[]> {
  const rows = await tenantScope(ctx.db, ctx.collegeId)
    .selectFrom('document_opens')
    .select(['document_id', 'opened_at', 'version'])
    .where('user_id', '=', ctx.user.id)
    .where('version', '>', ctx.since)
    .orderBy('version')
    .limit(ctx.limit)
    .execute()
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
  { collection: 'documents', changes: documentChanges },
  { collection: 'document_opens', changes: openChanges },
  {
    collection: 'document_categories',
    changes: (ctx) =>
      collegeWideChanges(ctx, 'document_categories', 'document_categories', [
        'id',
        'parent_id',
        'name',
        'slug',
      ]),
  },
]
