import { createFileRoute } from '@tanstack/react-router'
import { ContactDetailPage } from '../../../features/contacts/contact-detail.tsx'

export const Route = createFileRoute('/admin/contacts/$')({ component: ContactPage })

function ContactPage() {
  const { _splat } = Route.useParams()
  return <ContactDetailPage key={_splat} id={_splat ?? ''} />
}
