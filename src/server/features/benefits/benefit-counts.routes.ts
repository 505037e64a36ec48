// How often the Benefits directory showed a pyme or a promotion (and the app a banner), and how often
// someone called, wrote or followed a link: sums per item and day, never who. Any member's app reports;
// those who manage the listings read the figures (a company user only their own company's, admins
// the banners too).
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import * as v from 'valibot'
import {
  BENEFIT_FIGURE_DAYS_MAX,
  type BenefitFigure,
  type BenefitFigures,
  type BenefitKind,
  benefitCountsSchema,
} from '#shared/benefits.schema.ts'
import { addDays, todayIn } from '#shared/time-zones.ts'
import type { Database } from '../../db/schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { foldedOrder } from '../../platform/keyset.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { companyScopeOf } from './company-scope.ts'

export const benefitCountsRoutes = new Hono<AppEnv>()
benefitCountsRoutes.use('/api/v1/benefits/*', requireAuth, requireCollegeMember)

/** Items of this college that can be counted: live pymes, their promotions, live banners. */
async function knownItems(db: Kysely<Database>, collegeId: number, ids: string[]) {
  if (ids.length === 0) return new Set<string>()
  const scope = tenantScope(db, collegeId)
  const [pymes, promotions, banners] = await Promise.all([
    scope.selectFrom('pymes').select('id').where('id', 'in', ids).where('deleted_at', 'is', null).execute(),
    scope.selectFrom('promotions').select('id').where('id', 'in', ids).execute(),
    scope.selectFrom('banners').select('id').where('id', 'in', ids).where('deleted_at', 'is', null).execute(),
  ])
  return new Set([
    ...pymes.map((p) => `pyme:${p.id}`),
    ...promotions.map((p) => `promotion:${p.id}`),
    ...banners.map((b) => `banner:${b.id}`),
  ])
}

/** Counts of items this college does not list (deleted since, or made up) are dropped quietly. */
benefitCountsRoutes.post('/api/v1/benefits/counts', async (c) => {
  const { items } = validate(c, benefitCountsSchema, await readJson(c))
  const college = c.get('college')!
  if (college.have_advertising !== 1) return c.body(null, 204)
  const { db } = c.get('deps')
  const summed = new Map<string, { kind: string; id: string; impressions: number; clicks: number }>()
  for (const item of items) {
    if (item.impressions + item.clicks === 0) continue
    const key = `${item.kind}:${item.id.toLowerCase()}`
    const sum = summed.get(key) ?? { kind: item.kind, id: item.id.toLowerCase(), impressions: 0, clicks: 0 }
    sum.impressions += item.impressions
    sum.clicks += item.clicks
    summed.set(key, sum)
  }
  const known = await knownItems(db, college.id, [...new Set([...summed.values()].map((s) => s.id))])
  const day = todayIn(college.timezone)
  const rows = [...summed.entries()]
    .filter(([key]) => known.has(key))
    .map(([, s]) => ({
      college_id: college.id,
      kind: s.kind,
      item_id: s.id,
      day,
      impressions: s.impressions,
      clicks: s.clicks,
    }))
  if (rows.length)
    await db
      .insertInto('benefit_counts')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['college_id', 'kind', 'item_id', 'day']).doUpdateSet((eb) => ({
          impressions: eb('benefit_counts.impressions', '+', eb.ref('excluded.impressions')),
          clicks: eb('benefit_counts.clicks', '+', eb.ref('excluded.clicks')),
        })),
      )
      .execute()
  return c.body(null, 204)
})

const figuresSchema = v.object({
  days: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(BENEFIT_FIGURE_DAYS_MAX),
    ),
    '30',
  ),
})

/** Totals of the last `days` days (today included) per pyme and promotion this person manages. */
benefitCountsRoutes.get('/api/v1/benefits/figures', requirePermission('pymes.manage'), async (c) => {
  const { days } = validate(c, figuresSchema, c.req.query())
  const { db } = c.get('deps')
  const { user } = c.get('auth')
  const collegeId = user.college_id!
  const scope = await companyScopeOf(db, user)
  const to = todayIn(c.get('college')!.timezone)
  const from = addDays(to, -(days - 1))
  const counted = (kind: BenefitKind) =>
    tenantScope(db, collegeId)
      .selectFrom('benefit_counts')
      .select((eb) => [
        'item_id',
        eb.fn.sum<number>('impressions').as('impressions'),
        eb.fn.sum<number>('clicks').as('clicks'),
      ])
      .where('kind', '=', kind)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('item_id')
  let pymes = tenantScope(db, collegeId)
    .selectFrom('pymes')
    .leftJoin(counted('pyme').as('n'), 'n.item_id', 'pymes.id')
    .select(['pymes.id', 'pymes.name', 'n.impressions', 'n.clicks'])
    .where('pymes.deleted_at', 'is', null)
  let promotions = tenantScope(db, collegeId)
    .selectFrom('promotions')
    .innerJoin('pymes', 'pymes.id', 'promotions.pyme_id')
    .leftJoin(counted('promotion').as('n'), 'n.item_id', 'promotions.id')
    .select(['promotions.id', 'promotions.pyme_id', 'promotions.title', 'n.impressions', 'n.clicks'])
  if (!scope.all) {
    pymes = pymes.where('pymes.company_id', '=', scope.companyId)
    promotions = promotions.where('pymes.company_id', '=', scope.companyId)
  }
  const banners = tenantScope(db, collegeId)
    .selectFrom('banners')
    .leftJoin(counted('banner').as('n'), 'n.item_id', 'banners.id')
    .select(['banners.id', 'banners.title', 'n.impressions', 'n.clicks'])
    .where('banners.deleted_at', 'is', null)
    .orderBy('banners.starts_on', 'desc')
  const [pymeRows, promotionRows, bannerRows] = await Promise.all([
    pymes.orderBy(foldedOrder('pymes.name')).execute(),
    promotions.orderBy('promotions.starts_on').execute(),
    scope.all ? banners.execute() : [],
  ])
  const rows: BenefitFigure[] = [
    ...pymeRows.map((r) => ({
      kind: 'pyme' as const,
      id: r.id,
      pyme_id: r.id,
      name: r.name,
      impressions: Number(r.impressions ?? 0),
      clicks: Number(r.clicks ?? 0),
    })),
    ...promotionRows.map((r) => ({
      kind: 'promotion' as const,
      id: r.id,
      pyme_id: r.pyme_id,
      name: r.title,
      impressions: Number(r.impressions ?? 0),
      clicks: Number(r.clicks ?? 0),
    })),
    ...bannerRows.map((r) => ({
      kind: 'banner' as const,
      id: r.id,
      pyme_id: '',
      name: r.title,
      impressions: Number(r.impressions ?? 0),
      clicks: Number(r.clicks ?? 0),
    })),
  ]
  return c.json({ from, to, rows } satisfies BenefitFigures)
})
