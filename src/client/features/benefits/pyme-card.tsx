// One business in the directory: photo, name, category, commune and its offers on today, each with
// its discount. The name is the button that opens the details; it covers the whole card, so a tap
// anywhere opens them while a screen reader hears only the name.
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { MapPin } from 'lucide-react'
import { Button } from 'react-aria-components'
import type { Promotion, Pyme, PymeCategory } from '#shared/benefits.schema.ts'
import type { Seen } from '../../platform/use-impressions.ts'
import { Badge } from '../../ui/badge.tsx'
import { CategoryIcon } from '../../ui/category-icon.ts'
import { BenefitPhoto } from './benefit-photo.tsx'

/** Offers listed on a card; the others are in the details. */
export const OFFERS_ON_CARD = 2

export function PymeCard({
  pyme,
  category,
  offers,
  observe,
  onOpen,
}: {
  pyme: Pyme
  category: PymeCategory | undefined
  /** The offers on today. */
  offers: Promotion[]
  observe: (element: Element, items: Seen[]) => () => void
  onOpen: () => void
}) {
  const { t } = useLingui()
  const shown = offers.slice(0, OFFERS_ON_CARD)
  const more = offers.length - shown.length
  const seen: Seen[] = [
    { kind: 'pyme', id: pyme.id },
    ...shown.map((p) => ({ kind: 'promotion' as const, id: p.id })),
  ]
  return (
    <li
      ref={(element) => (element ? observe(element, seen) : undefined)}
      data-testid="benefit-pyme"
      className="card relative flex flex-col overflow-hidden transition-colors hover:bg-slate-50 has-[[data-focus-visible]]:outline-3 has-[[data-focus-visible]]:outline-offset-2 has-[[data-focus-visible]]:outline-brand-ink dark:hover:bg-slate-800"
    >
      <BenefitPhoto src={pyme.photo_url} icon={category?.icon ?? 'store'} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg leading-snug font-semibold text-slate-900 dark:text-white">
          <Button
            onPress={onOpen}
            className="cursor-pointer text-start break-words outline-none after:absolute after:inset-0 after:content-['']"
          >
            <span dir="auto">{pyme.name}</span>
          </Button>
        </h2>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          {category && (
            <span className="flex min-w-0 items-center gap-1.5">
              <CategoryIcon icon={category.icon} className="size-4 shrink-0" />
              <span dir="auto" className="truncate">
                {category.name}
              </span>
            </span>
          )}
          {pyme.commune && (
            <span className="flex min-w-0 items-center gap-1">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              <span dir="auto" className="truncate">
                {pyme.commune}
              </span>
            </span>
          )}
        </p>
        {shown.length > 0 && (
          <ul aria-label={t`Offers of ${pyme.name}`} className="mt-auto flex flex-col gap-1.5 pt-1">
            {shown.map((p) => (
              <li key={p.id} className="flex items-start gap-2 text-sm">
                <Badge tone="success" className="max-w-[45%] shrink-0">
                  <span dir="auto">{p.discount}</span>
                </Badge>
                <span dir="auto" className="min-w-0 break-words">
                  {p.title}
                </span>
              </li>
            ))}
            {more > 0 && (
              <li className="text-sm text-muted">
                {plural(more, { one: '# more offer', other: '# more offers' })}
              </li>
            )}
          </ul>
        )}
      </div>
    </li>
  )
}
