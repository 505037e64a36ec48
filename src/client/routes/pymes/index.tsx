import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PymesPage, type PymesSearch } from '../../features/pymes/pymes-page.tsx'
import { searchId, searchText, searchValidator } from '../../platform/search-params.ts'

export const Route = createFileRoute('/pymes/')({
  validateSearch: searchValidator(v.object({ q: searchText, category: searchId })),
  component: PymesIndex,
})

function PymesIndex() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PymesPage
      search={search}
      onSearch={(next: PymesSearch) => void navigate({ search: next, replace: true })}
    />
  )
}
