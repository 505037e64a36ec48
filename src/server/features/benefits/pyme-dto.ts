// Rows of pymes become the API's Pyme, with company names and promotions loaded in two queries.
import type { Kysely, Selectable } from 'kysely'
import type { Promotion, Pyme } from '#shared/benefits.schema.ts'
import type { Database, PromotionsTable, PymesTable } from '../../db/schema.ts'
import { anyOf } from '../../platform/any-of.ts'
import { compiledOnce, compiledPerShape } from '../../platform/compiled-once.ts'
import { mediaUrl } from '../../platform/media.ts'
import { groupBy } from '../../platform/targets.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export function toPromotionDto(row: Selectable<PromotionsTable>): Promotion {
  return {
    id: row.id,
    pyme_id: row.pyme_id,
    title: row.title,
    description: row.description,
    discount: row.discount,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    conditions: row.conditions,
    image_url: mediaUrl(row.image),
    updated_at: row.updated_at,
  }
}

// The two lookups of a page of pymes, compiled once (compiled-once.ts).
type PromotionArgs = [collegeId: number, pymeIds: readonly string[], endedBefore: string | undefined]

const promotionsOf = compiledPerShape<PromotionArgs, Selectable<PromotionsTable>>(
  (db, collegeId, pymeIds, endedBefore) => {
    let query = tenantScope(db, collegeId)
      .selectFrom('promotions')
      .selectAll()
      .where(anyOf(db, 'pyme_id', pymeIds))
      .orderBy('starts_on')
      .orderBy('id')
    if (endedBefore !== undefined) query = query.where('ends_on', '>=', endedBefore)
    return query
  },
  ([, , endedBefore]) => (endedBefore === undefined ? 'all' : 'current'),
  ([, , endedBefore]) => [-7_351, ['\u0000pyme'], endedBefore === undefined ? undefined : '\u0000day'],
)
const companiesOf = compiledOnce(
  (db, collegeId: number, ids: readonly number[]) =>
    tenantScope(db, collegeId)
      .selectFrom('companies')
      .select(['id', 'name'])
      .where(anyOf(db, 'id', ids)),
  [-7_352, [-7_353]],
)

/** `endedBefore`: leave out promotions that ended before this day (the mirror's copy). */
export async function toPymeDtos(
  db: Kysely<Database>,
  collegeId: number,
  rows: Selectable<PymesTable>[],
  { endedBefore }: { endedBefore?: string } = {},
): Promise<Pyme[]> {
  if (rows.length === 0) return []
  const [promotions, companies] = await Promise.all([
    promotionsOf(
      db,
      collegeId,
      rows.map((r) => r.id),
      endedBefore,
    ),
    companiesOf(db, collegeId, [...new Set(rows.map((r) => r.company_id))]),
  ])
  const byPyme = groupBy(promotions, (p) => p.pyme_id)
  const companyName = new Map(companies.map((c) => [c.id, c.name]))
  return rows.map((row) => ({
    id: row.id,
    company_id: row.company_id,
    company_name: companyName.get(row.company_id) ?? '',
    category_id: row.category_id,
    name: row.name,
    description: row.description,
    address: row.address,
    commune: row.commune,
    phone: row.phone,
    whatsapp: row.whatsapp,
    hours: row.hours,
    website: row.website,
    instagram: row.instagram,
    facebook: row.facebook,
    photo_url: mediaUrl(row.photo),
    promotions: (byPyme.get(row.id) ?? []).map(toPromotionDto),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }))
}
