// Rows of pymes become the API's Pyme, with company names and promotions loaded in two queries.
import type { Kysely, Selectable } from 'kysely'
import type { Promotion, Pyme } from '#shared/benefits.schema.ts'
import type { Database, PromotionsTable, PymesTable } from '../../db/schema.ts'
import { anyOf } from '../../platform/any-of.ts'
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

/** `endedBefore`: leave out promotions that ended before this day (the mirror's copy). */
export async function toPymeDtos(
  db: Kysely<Database>,
  collegeId: number,
  rows: Selectable<PymesTable>[],
  { endedBefore }: { endedBefore?: string } = {},
): Promise<Pyme[]> {
  if (rows.length === 0) return []
  const scope = tenantScope(db, collegeId)
  let promotionsQuery = scope
    .selectFrom('promotions')
    .selectAll()
    .where(
      anyOf(
        db,
        'pyme_id',
        rows.map((r) => r.id),
      ),
    )
    .orderBy('starts_on')
    .orderBy('id')
  if (endedBefore) promotionsQuery = promotionsQuery.where('ends_on', '>=', endedBefore)
  const [promotions, companies] = await Promise.all([
    promotionsQuery.execute(),
    scope
      .selectFrom('companies')
      .select(['id', 'name'])
      .where(anyOf(db, 'id', [...new Set(rows.map((r) => r.company_id))]))
      .execute(),
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
