import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PlatformColleges } from '../../features/platform/platform-colleges.tsx'
import { searchText, searchValidator } from '../../platform/search-params.ts'

export const Route = createFileRoute('/platform/colleges')({
  validateSearch: searchValidator(v.object({ q: searchText })),
  component: CollegesPage,
})

function CollegesPage() {
  const { q } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PlatformColleges
      q={q ?? ''}
      onSearch={(next) => void navigate({ search: { q: next || undefined }, replace: true })}
    />
  )
}
