import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CompanyUsersPage } from '../../../features/companies/company-users-page.tsx'
import { searchId, searchText, searchValidator } from '../../../platform/search-params.ts'

export const Route = createFileRoute('/companies/users/')({
  validateSearch: searchValidator(v.object({ company: searchId, q: searchText })),
  component: CompanyUsersIndex,
})

function CompanyUsersIndex() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <CompanyUsersPage search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
  )
}
