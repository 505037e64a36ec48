import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { SendList } from '../../features/notifications/sends/send-list.tsx'
import { searchText, searchValidator } from '../../platform/search-params.ts'

const sendsSearch = v.object({ q: searchText })

export const Route = createFileRoute('/college-notifications/')({
  validateSearch: searchValidator(sendsSearch),
  component: SendsPage,
})

function SendsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <SendList search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
}
