// The Benefits directory reads only from the mirror (so it opens at once, and offline): the local
// businesses with their offers, and the categories in the college's order. Filtering and ordering
// are plain functions of what was read and the college's today.
import { isCurrentPromotion, type Promotion, type Pyme, type PymeCategory } from '#shared/benefits.schema.ts'
import { searchKey } from '#shared/search-key.ts'
import type { LocalDb } from '../../platform/sync/local-db.ts'

export type BenefitsView = { pymes: Pyme[]; categories: PymeCategory[] }

export async function benefitsView(db: LocalDb): Promise<BenefitsView> {
  const [pymes, categories] = await Promise.all([
    db.pymes.toArray(),
    db.pyme_categories.orderBy('position').toArray(),
  ])
  return { pymes, categories }
}

/** The offers on today, in the order the business gave them (by first day). */
export function currentPromotions(pyme: Pyme, today: string): Promotion[] {
  return pyme.promotions.filter((p) => isCurrentPromotion(p, today))
}

/** Offers that start later: the mirror has them, the directory announces them. */
export function upcomingPromotions(pyme: Pyme, today: string): Promotion[] {
  return pyme.promotions.filter((p) => p.starts_on > today)
}

/** Whether the search words are in the name, the description, the commune or an offer on today. */
export function matchesSearch(pyme: Pyme, q: string, today: string): boolean {
  const words = searchKey(q).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const text = searchKey(
    [pyme.name, pyme.description, pyme.commune, ...currentPromotions(pyme, today).map((p) => p.title)].join(
      '\n',
    ),
  )
  return words.every((word) => text.includes(word))
}

/** Businesses with an offer on today first, then by name in the user's language. */
export function sortPymes(pymes: Pyme[], today: string, locale?: string): Pyme[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' })
  const offering = (p: Pyme) => (currentPromotions(p, today).length > 0 ? 0 : 1)
  return [...pymes].sort((a, b) => offering(a) - offering(b) || collator.compare(a.name, b.name))
}

export function filterPymes(
  view: BenefitsView,
  search: { q?: string; category?: number },
  today: string,
  locale?: string,
): Pyme[] {
  return sortPymes(
    view.pymes.filter(
      (p) =>
        (!search.category || p.category_id === search.category) && matchesSearch(p, search.q ?? '', today),
    ),
    today,
    locale,
  )
}

/** The categories worth a chip: those with businesses, and the chosen one even if it has none now. */
export function categoriesInUse(view: BenefitsView, chosen?: number): PymeCategory[] {
  const used = new Set(view.pymes.map((p) => p.category_id))
  return view.categories.filter((c) => used.has(c.id) || c.id === chosen)
}
