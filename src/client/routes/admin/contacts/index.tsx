import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CONTACT_STATUSES } from '#shared/contacts.schema.ts'
import { ContactsList } from '../../../features/contacts/contacts-list.tsx'
import { searchText, searchValidator } from '../../../platform/search-params.ts'

const contactsSearch = v.object({
  q: searchText,
  status: v.optional(v.picklist([...CONTACT_STATUSES, 'all'])),
  sort: v.optional(v.picklist(['created_at', '-created_at'])),
})

export const Route = createFileRoute('/admin/contacts/')({
  validateSearch: searchValidator(contactsSearch),
  component: ContactsPage,
})

function ContactsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <ContactsList search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
}
