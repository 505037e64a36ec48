import { createFileRoute } from '@tanstack/react-router'
import { ContactCreate } from '../../../features/contacts/contact-create.tsx'

export const Route = createFileRoute('/admin/contacts/create')({ component: ContactCreate })
