// /benefits/: discounts that local businesses offer the college's families, from the mirror (so the
// directory opens at once and offline), by category and searched by name, description, commune and
// offer. Labelled as advertising. What is seen and pressed is counted per business and offer, never
// per person (benefit-counts.ts).
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { BadgePercent, Megaphone, SearchX, Store, WifiOff } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { Pyme } from '#shared/benefits.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { countClick, flushBenefitCounts, watchBenefitCounts } from '../../platform/benefit-counts.ts'
import { collegeAtom } from '../../platform/college.ts'
import { onlineAtom } from '../../platform/online.ts'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { useImpressions } from '../../platform/use-impressions.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { benefitsView, categoriesInUse, currentPromotions, filterPymes } from './benefit-queries.ts'
import { CategoryChips } from './category-chips.tsx'
import { PymeCard } from './pyme-card.tsx'
import { PymeDetails } from './pyme-details.tsx'

export type BenefitsSearch = { q?: string; category?: number }

export function BenefitsPage(props: { search: BenefitsSearch; onSearch: (next: BenefitsSearch) => void }) {
  const { t } = useLingui()
  const { advertising } = useAtomValue(collegeAtom)
  if (advertising !== true) {
    return (
      <EmptyState icon={BadgePercent} level={1} title={t`This college does not offer benefits`}>
        <Trans>
          Discounts from local businesses appear here only in colleges that accept advertising, and this one
          does not.
        </Trans>
      </EmptyState>
    )
  }
  return <BenefitsDirectory {...props} />
}

function BenefitsDirectory({
  search,
  onSearch,
}: {
  search: BenefitsSearch
  onSearch: (next: BenefitsSearch) => void
}) {
  const { t, i18n } = useLingui()
  const online = useAtomValue(onlineAtom)
  const today = todayIn(useCollegeZone())
  const view = useLocalQuery(benefitsView, [])
  const ready = useMirrorReady()
  const { observe, see } = useImpressions()
  const [openId, setOpenId] = useState<string>()
  const set = (changes: Partial<BenefitsSearch>) => onSearch({ ...search, ...changes })

  // Counts are sent every ~30 s from now on (also after leaving), and at once when leaving.
  useEffect(() => {
    watchBenefitCounts()
    return () => void flushBenefitCounts()
  }, [])

  const categories = new Map(view?.categories.map((c) => [c.id, c]))
  const shown = view && filterPymes(view, search, today, i18n.locale)
  const filtered = Boolean(search.q || search.category)
  // Until the first pull, an empty mirror means "not here yet", not "there is none".
  const loading = !view || (!ready && view.pymes.length === 0)
  const open = openId ? view?.pymes.find((p) => p.id === openId) : undefined

  const openDetails = (pyme: Pyme) => {
    setOpenId(pyme.id)
    see(currentPromotions(pyme, today).map((p) => ({ kind: 'promotion' as const, id: p.id })))
  }
  const contacted = (pyme: Pyme) => {
    countClick('pyme', pyme.id)
    for (const p of currentPromotions(pyme, today)) countClick('promotion', p.id)
  }

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t`Benefits`}
        description={t`Discounts for the college's families at local businesses.`}
      />
      <p className="-mt-2 flex items-start gap-2 text-sm text-muted" data-testid="benefits-advertising">
        <Megaphone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">
            <Trans>Advertising.</Trans>
          </strong>{' '}
          <Trans>Offers from local businesses. The college does not endorse them.</Trans>
        </span>
      </p>
      {!online && (
        <p className="flex items-start gap-2 text-sm text-muted" data-testid="benefits-offline">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <Trans>
              You are offline. These offers are saved on this device, so you can still browse them; WhatsApp
              and websites need a connection.
            </Trans>
          </span>
        </p>
      )}
      <SearchField
        label={t`Search benefits`}
        placeholder={t`Business, commune or offer`}
        value={search.q ?? ''}
        onChange={(q) => set({ q: q || undefined })}
        className="max-w-md"
      />
      {view && view.categories.length > 0 && (
        <CategoryChips
          categories={categoriesInUse(view, search.category)}
          value={search.category}
          onChange={(category) => set({ category })}
        />
      )}
      <p role="status" className="sr-only">
        {filtered && shown
          ? plural(shown.length, { one: '# business found', other: '# businesses found' })
          : ''}
      </p>
      {loading || !shown ? (
        <SkeletonList label={t`Loading benefits…`} />
      ) : shown.length > 0 ? (
        <ul
          aria-label={filtered ? t`Businesses found` : t`Businesses`}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {shown.map((pyme) => (
            <PymeCard
              key={pyme.id}
              pyme={pyme}
              category={categories.get(pyme.category_id)}
              offers={currentPromotions(pyme, today)}
              observe={observe}
              onOpen={() => openDetails(pyme)}
            />
          ))}
        </ul>
      ) : filtered ? (
        <EmptyState
          icon={SearchX}
          title={t`No business matches this search`}
          action={
            <AriaButton variant="secondary" onPress={() => onSearch({})}>
              <Trans>Show all businesses</Trans>
            </AriaButton>
          }
        >
          <Trans>Try other words, or choose another category.</Trans>
        </EmptyState>
      ) : (
        <EmptyState icon={Store} title={t`No businesses yet`}>
          <Trans>When local businesses offer discounts to the college's families, they appear here.</Trans>
        </EmptyState>
      )}
      {open && (
        <PymeDetails
          pyme={open}
          category={categories.get(open.category_id)}
          today={today}
          onClose={() => setOpenId(undefined)}
          onContact={() => contacted(open)}
        />
      )}
    </div>
  )
}
