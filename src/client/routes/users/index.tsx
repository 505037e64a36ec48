import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { USER_SORTS, USER_STATUSES } from '#shared/users.schema.ts'
import { UsersList, type UsersSearch } from '../../features/users/users-list.tsx'
import { searchId, searchText, searchValidator } from '../../platform/search-params.ts'

const usersSearch = v.object({
  q: searchText,
  role: searchId,
  grade: searchId,
  course: searchId,
  status: v.optional(v.picklist(USER_STATUSES)),
  sort: v.optional(v.picklist([...USER_SORTS, ...USER_SORTS.map((s) => `-${s}`)])),
})

export const Route = createFileRoute('/users/')({
  validateSearch: searchValidator(usersSearch),
  component: UsersPage,
})

function UsersPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <UsersList
      search={search}
      onSearch={(next: UsersSearch) => void navigate({ search: next, replace: true })}
    />
  )
}
