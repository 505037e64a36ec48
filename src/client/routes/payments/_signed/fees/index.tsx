import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { FeesAdmin, type FeesSearch } from '../../../../features/payments/admin/fees-admin.tsx'
import { searchText, searchValidator } from '../../../../platform/search-params.ts'

export const Route = createFileRoute('/payments/_signed/fees/')({
  staticData: { permission: 'fees.manage' },
  validateSearch: searchValidator(v.object({ q: searchText, grade: v.optional(v.string()) })),
  component: FeesPage,
})

function FeesPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <FeesAdmin
      search={search}
      onSearch={(next: FeesSearch) => void navigate({ search: next, replace: true })}
    />
  )
}
