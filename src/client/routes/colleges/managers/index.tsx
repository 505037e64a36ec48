import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CollegeManagers } from '../../../features/colleges/college-managers.tsx'
import { searchText, searchValidator } from '../../../platform/search-params.ts'

export const Route = createFileRoute('/colleges/managers/')({
  validateSearch: searchValidator(v.object({ q: searchText, category: searchText })),
  component: ManagersPage,
})

function ManagersPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <CollegeManagers search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
  )
}
