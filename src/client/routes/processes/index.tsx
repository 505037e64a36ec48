import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PROCESS_STATUSES } from '#shared/processes.schema.ts'
import { ProcessesPage, type ProcessesSearch } from '../../features/processes/processes-page.tsx'
import { searchText, searchValidator } from '../../platform/search-params.ts'

export const Route = createFileRoute('/processes/')({
  validateSearch: searchValidator(
    v.object({ q: searchText, status: v.optional(v.picklist(PROCESS_STATUSES)) }),
  ),
  component: ProcessesIndex,
})

function ProcessesIndex() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ProcessesPage
      search={search}
      onSearch={(next: ProcessesSearch) => void navigate({ search: next, replace: true })}
    />
  )
}
