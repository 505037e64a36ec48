// Folders of documents, nested (`circulares/2026`): every member reads them through the mirror, those
// who manage documents name, move and remove them. A folder that still holds something stays.
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { type DocumentCategory, documentCategoryInputSchema } from '#shared/documents.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { slugify } from '#shared/slug.ts'
import type { Database } from '../../db/schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { recordTombstone, takeVersion } from '../../platform/sync-versions.ts'
import { type TenantScope, tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'

export const documentCategoriesRoutes = new Hono<AppEnv>()
for (const path of ['/api/v1/document-categories', '/api/v1/document-categories/*'])
  documentCategoriesRoutes.use(path, requireAuth, requireCollegeMember, requirePermission('documents.manage'))

const columns = ['id', 'parent_id', 'name', 'slug'] as const

function categoryId(param: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(param)) throw notFound()
  return Number(param)
}

const sibling = (scope: TenantScope, parentId: number | null, slug: string) =>
  scope
    .selectFrom('document_categories')
    .select(columns)
    .where('slug', '=', slug)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirst()

/** The parent chosen exists, and (when moving `id`) is not the category itself or inside it. */
async function checkParent(scope: TenantScope, parentId: number | null, id?: number) {
  let at = parentId
  for (let depth = 0; at !== null; depth++) {
    if (at === id || depth > 50) throw validationError({ parent_id: [messages.documentCategoryLoop] })
    const row = await scope
      .selectFrom('document_categories')
      .select('parent_id')
      .where('id', '=', at)
      .executeTakeFirst()
    if (!row) throw validationError({ parent_id: [messages.categoryUnknown] })
    at = row.parent_id
  }
}

async function write(
  db: Kysely<Database>,
  collegeId: number,
  input: { name: string; parent_id: number | null },
  id?: number,
): Promise<DocumentCategory> {
  const scope = tenantScope(db, collegeId)
  const slug = slugify(input.name)
  const taken = () => validationError({ name: [messages.documentCategoryTaken] })
  await checkParent(scope, input.parent_id, id)
  const other = await sibling(scope, input.parent_id, slug)
  if (other && other.id !== id) throw taken()
  try {
    const row = await db.transaction().execute(async (trx) => {
      const version = await takeVersion(trx, collegeId)
      const t = tenantScope(trx, collegeId)
      if (id === undefined)
        return t
          .insertInto('document_categories', { ...input, slug, version, created_at: nowIso() })
          .returning(columns)
          .executeTakeFirstOrThrow()
      return t
        .updateTable('document_categories')
        .set({ ...input, slug, version })
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirst()
    })
    if (!row) throw notFound()
    return row
  } catch (error) {
    // Someone took the name in this folder between the check and the write.
    const winner = await sibling(scope, input.parent_id, slug)
    if (winner && winner.id !== id) throw taken()
    throw error
  }
}

documentCategoriesRoutes.post('/api/v1/document-categories', async (c) => {
  const input = validate(c, documentCategoryInputSchema, await readJson(c))
  return c.json(await write(c.get('deps').db, c.get('auth').user.college_id!, input), 201)
})

documentCategoriesRoutes.put('/api/v1/document-categories/:id', async (c) => {
  const id = categoryId(c.req.param('id'))
  const input = validate(c, documentCategoryInputSchema, await readJson(c))
  return c.json(await write(c.get('deps').db, c.get('auth').user.college_id!, input, id))
})

documentCategoriesRoutes.delete('/api/v1/document-categories/:id', async (c) => {
  const collegeId = c.get('auth').user.college_id!
  const id = categoryId(c.req.param('id'))
  const { db } = c.get('deps')
  const gone = await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, collegeId)
    const found = await scope
      .selectFrom('document_categories')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
    if (!found) return false
    const [child, document] = await Promise.all([
      scope.selectFrom('document_categories').select('id').where('parent_id', '=', id).executeTakeFirst(),
      scope
        .selectFrom('documents')
        .select('id')
        .where('category_id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
    ])
    if (child || document) throw new ApiError(409, messages.documentCategoryNotEmpty)
    // Deleted documents keep their rows for the mirrors; they no longer need the folder.
    await scope.updateTable('documents').set({ category_id: null }).where('category_id', '=', id).execute()
    await scope.deleteFrom('document_categories').where('id', '=', id).execute()
    await recordTombstone(trx, collegeId, 'document_categories', id)
    return true
  })
  if (!gone) throw notFound()
  return c.body(null, 204)
})
