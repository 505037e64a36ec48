import { createFileRoute } from '@tanstack/react-router'
import { CollegeContacts } from '../../features/colleges/college-contacts.tsx'

export const Route = createFileRoute('/colleges/contact')({ component: CollegeContacts })
