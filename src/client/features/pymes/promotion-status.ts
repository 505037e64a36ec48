// Where a promotion stands on the college's today (days are `YYYY-MM-DD` in its time zone, so text
// comparison is date comparison), the order the managers' screen lists them in, and the figures of
// one business out of the college's.
import {
  type BenefitFigures,
  isCurrentPromotion,
  type Promotion,
  type Pyme,
} from '#shared/benefits.schema.ts'

export const PROMOTION_STATUSES = ['current', 'upcoming', 'ended'] as const
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number]

export function promotionStatus(
  promotion: Pick<Promotion, 'starts_on' | 'ends_on'>,
  today: string,
): PromotionStatus {
  if (isCurrentPromotion(promotion, today)) return 'current'
  return today < promotion.starts_on ? 'upcoming' : 'ended'
}

/** Those shown to families now first, then the coming ones, then the ended; each by first day. */
export function sortPromotions<P extends Pick<Promotion, 'id' | 'starts_on' | 'ends_on'>>(
  promotions: readonly P[],
  today: string,
): P[] {
  const rank = (p: P) => PROMOTION_STATUSES.indexOf(promotionStatus(p, today))
  return [...promotions].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      // Ended ones: the most recent first.
      (rank(a) === 2 ? b.ends_on.localeCompare(a.ends_on) : a.starts_on.localeCompare(b.starts_on)) ||
      a.id.localeCompare(b.id),
  )
}

export function currentPromotionCount(pyme: Pick<Pyme, 'promotions'>, today: string): number {
  return pyme.promotions.filter((p) => isCurrentPromotion(p, today)).length
}

export type FigureLine = { id: string; name: string; impressions: number; clicks: number }

/**
 * One business's lines of the college's figures: the business itself, then each of its promotions
 * (those without a count show zeros; a deleted one that was counted keeps its line, by its name).
 */
export function figuresOfPyme(
  figures: BenefitFigures,
  pyme: Pick<Pyme, 'id' | 'name' | 'promotions'>,
): { pyme: FigureLine; promotions: FigureLine[] } {
  const own = figures.rows.find((r) => r.kind === 'pyme' && r.id === pyme.id)
  const counted = new Map(
    figures.rows.filter((r) => r.kind === 'promotion' && r.pyme_id === pyme.id).map((r) => [r.id, r]),
  )
  const line = (id: string, name: string): FigureLine => {
    const row = counted.get(id)
    return { id, name, impressions: row?.impressions ?? 0, clicks: row?.clicks ?? 0 }
  }
  const known = new Set(pyme.promotions.map((p) => p.id))
  return {
    pyme: { id: pyme.id, name: pyme.name, impressions: own?.impressions ?? 0, clicks: own?.clicks ?? 0 },
    promotions: [
      ...pyme.promotions.map((p) => line(p.id, p.title)),
      ...[...counted.values()].filter((r) => !known.has(r.id)).map((r) => line(r.id, r.name)),
    ],
  }
}
