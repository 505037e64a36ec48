import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CompaniesPage } from '../../features/companies/companies-page.tsx'
import { searchText, searchValidator } from '../../platform/search-params.ts'

export const Route = createFileRoute('/company/')({
  validateSearch: searchValidator(v.object({ q: searchText })),
  component: CompaniesIndex,
})

function CompaniesIndex() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <CompaniesPage search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
}
