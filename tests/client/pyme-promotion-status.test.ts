// What a business's managers read about its promotions: whether families see each one today (by the
// college's calendar day), the order they are listed in, and the business's own figures.
import { describe, expect, it } from 'vitest'
import {
  currentPromotionCount,
  figuresOfPyme,
  promotionStatus,
  sortPromotions,
} from '#client/features/pymes/promotion-status.ts'
import type { BenefitFigures, Promotion } from '#shared/benefits.schema.ts'

const promotion = (id: string, starts_on: string, ends_on: string): Promotion => ({
  id,
  pyme_id: 'p1',
  title: `Promotion ${id}`,
  description: '',
  discount: '15%',
  starts_on,
  ends_on,
  conditions: '',
  image_url: null,
  updated_at: '2027-01-01T00:00:00.000Z',
})

describe('a promotion is current from its first day to its last, both included', () => {
  const march = promotion('a', '2027-03-01', '2027-03-31')
  it.each([
    ['2027-02-28', 'upcoming'],
    ['2027-03-01', 'current'],
    ['2027-03-15', 'current'],
    ['2027-03-31', 'current'],
    ['2027-04-01', 'ended'],
  ])('on %s it is %s', (today, status) => {
    expect(promotionStatus(march, today)).toBe(status)
  })

  it('a one-day promotion is current only that day', () => {
    const day = promotion('d', '2027-05-10', '2027-05-10')
    expect(promotionStatus(day, '2027-05-09')).toBe('upcoming')
    expect(promotionStatus(day, '2027-05-10')).toBe('current')
    expect(promotionStatus(day, '2027-05-11')).toBe('ended')
  })

  it('the list counts only the promotions families see today', () => {
    const promotions = [
      promotion('a', '2027-03-01', '2027-03-31'),
      promotion('b', '2027-03-10', '2027-04-10'),
      promotion('c', '2027-04-01', '2027-04-30'),
      promotion('d', '2027-01-01', '2027-02-01'),
    ]
    expect(currentPromotionCount({ promotions }, '2027-03-15')).toBe(2)
    expect(currentPromotionCount({ promotions }, '2027-06-01')).toBe(0)
  })
})

describe('managers see current promotions first, then upcoming, then the ended', () => {
  it('orders by status, the current and upcoming by first day, the ended most recent first', () => {
    const today = '2027-03-15'
    const sorted = sortPromotions(
      [
        promotion('old', '2027-01-01', '2027-01-31'),
        promotion('later', '2027-05-01', '2027-05-31'),
        promotion('now2', '2027-03-10', '2027-03-20'),
        promotion('recent', '2027-02-01', '2027-02-28'),
        promotion('soon', '2027-04-01', '2027-04-30'),
        promotion('now1', '2027-03-01', '2027-03-31'),
      ],
      today,
    )
    expect(sorted.map((p) => p.id)).toEqual(['now1', 'now2', 'soon', 'later', 'recent', 'old'])
  })
})

describe("a business's figures come from the college's, by its id", () => {
  const figures: BenefitFigures = {
    from: '2027-02-14',
    to: '2027-03-15',
    rows: [
      { kind: 'pyme', id: 'p1', pyme_id: 'p1', name: 'Bakery', impressions: 120, clicks: 14 },
      { kind: 'pyme', id: 'p2', pyme_id: 'p2', name: 'Bookshop', impressions: 80, clicks: 3 },
      { kind: 'promotion', id: 'a', pyme_id: 'p1', name: 'Promotion a', impressions: 60, clicks: 9 },
      { kind: 'promotion', id: 'gone', pyme_id: 'p1', name: 'Deleted one', impressions: 5, clicks: 1 },
      { kind: 'promotion', id: 'x', pyme_id: 'p2', name: 'Other shop', impressions: 7, clicks: 2 },
    ],
  }
  const pyme = {
    id: 'p1',
    name: 'Bakery',
    promotions: [promotion('a', '2027-03-01', '2027-03-31'), promotion('b', '2027-04-01', '2027-04-30')],
  }

  it("keeps its own lines and no other business's", () => {
    const lines = figuresOfPyme(figures, pyme)
    expect(lines.pyme).toEqual({ id: 'p1', name: 'Bakery', impressions: 120, clicks: 14 })
    expect(lines.promotions).toEqual([
      { id: 'a', name: 'Promotion a', impressions: 60, clicks: 9 },
      { id: 'b', name: 'Promotion b', impressions: 0, clicks: 0 },
      { id: 'gone', name: 'Deleted one', impressions: 5, clicks: 1 },
    ])
  })

  it('shows zeros when nothing was counted yet', () => {
    const lines = figuresOfPyme({ from: '2027-02-14', to: '2027-03-15', rows: [] }, pyme)
    expect(lines.pyme).toMatchObject({ impressions: 0, clicks: 0 })
    expect(lines.promotions.every((l) => l.impressions === 0 && l.clicks === 0)).toBe(true)
  })
})
