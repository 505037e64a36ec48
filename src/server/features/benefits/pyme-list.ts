// The pymes a person manages, by name, a page at a time, optionally searched or of one category.
// Hono's route and the plain node:http read (fast-reads.ts) both answer it from here.
import type { Kysely, Selectable } from 'kysely'
import * as v from 'valibot'
import { optionalText, queryId } from '#shared/fields.schema.ts'
import { pageQuerySchema } from '#shared/pagination.ts'
import type { Database } from '../../db/schema.ts'
import type { PymesTable } from '../../db/tables/local-businesses.ts'
import { compiledPerShape, marksByPlace, shapeOfGiven } from '../../platform/compiled-once.ts'
import type { AuthUser } from '../../platform/context.ts'
import type { FastRead } from '../../platform/fast-reads.ts'
import { containsPattern, keysetOrdered, type SortSpec, textPattern } from '../../platform/keyset.ts'
import { decodeCursor, encodeCursor } from '../../platform/pagination.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { validQuery } from '../../platform/validate.ts'
import { type CompanyScope, companyFilter, companyScopeOf } from './company-scope.ts'
import { toPymeDtos } from './pyme-dto.ts'

export const pymeListQuerySchema = v.object({
  ...pageQuerySchema.entries,
  q: v.optional(optionalText(100), ''),
  category_id: queryId,
})

type PymeListQuery = v.InferOutput<typeof pymeListQuerySchema>

/** The college, whose company (none: every one), what is searched, which category and which page. */
type ListArgs = [
  collegeId: number,
  companyId: number | undefined,
  pattern: string | undefined,
  categoryId: number | undefined,
  afterAt: string | undefined,
  afterId: string | undefined,
  limitPlusOne: number,
]

const BY_NAME: SortSpec = { column: 'pymes.name', descending: false, folded: true }

const pymeRows = compiledPerShape<ListArgs, Selectable<PymesTable>>(
  (db, collegeId, companyId, pattern, categoryId, afterAt, afterId, limitPlusOne) => {
    let query = tenantScope(db, collegeId).selectFrom('pymes').selectAll().where('deleted_at', 'is', null)
    if (companyId !== undefined) query = query.where('company_id', '=', companyId)
    if (pattern !== undefined)
      query = query.where(containsPattern(['pymes.name', 'pymes.description', 'pymes.commune'], pattern))
    if (categoryId !== undefined) query = query.where('category_id', '=', categoryId)
    return keysetOrdered(query, BY_NAME, 'pymes.id', afterAt, afterId, limitPlusOne)
  },
  shapeOfGiven,
  marksByPlace,
)

/** One page of the pymes this person manages, by name; `q` searches name, description and commune. */
export async function pymesPage(
  db: Kysely<Database>,
  user: AuthUser,
  scope: CompanyScope,
  { cursor, limit, q, category_id }: PymeListQuery,
) {
  const collegeId = user.college_id!
  const after = decodeCursor(cursor, { anyText: true })
  const rows = await pymeRows(
    db,
    collegeId,
    companyFilter(scope),
    q ? textPattern(q) : undefined,
    category_id,
    after?.at,
    after?.id,
    limit + 1,
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    data: await toPymeDtos(db, collegeId, page),
    next_cursor: rows.length > limit && last ? encodeCursor(last.name, last.id) : null,
  }
}

/**
 * `GET /api/v1/pymes` as plain node:http answers it for a session already kept; one without the
 * permission or a company account linked to no company (Hono answers the 403), or a query it would
 * refuse (the 422), is left to Hono.
 */
export const pymesListRead: FastRead = ({ auth: { user } }, query, { db }) => {
  if (!user.permissions.includes('pymes.manage')) return undefined
  const valid = validQuery(pymeListQuerySchema, query)
  return (
    valid &&
    companyScopeOf(db, user).then(
      (scope) => pymesPage(db, user, scope, valid),
      () => undefined,
    )
  )
}
