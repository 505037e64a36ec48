import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { BenefitsPage, type BenefitsSearch } from '../../features/benefits/benefits-page.tsx'
import { searchId, searchText, searchValidator } from '../../platform/search-params.ts'

export const Route = createFileRoute('/benefits/')({
  validateSearch: searchValidator(v.object({ q: searchText, category: searchId })),
  component: BenefitsIndex,
})

function BenefitsIndex() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <BenefitsPage
      search={search}
      onSearch={(next: BenefitsSearch) => void navigate({ search: next, replace: true })}
    />
  )
}
