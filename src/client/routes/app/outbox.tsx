import { createFileRoute } from '@tanstack/react-router'
import { OutboxPage } from '../../features/outbox/outbox-page.tsx'

export const Route = createFileRoute('/app/outbox')({
  staticData: { collegeOnly: true },
  component: OutboxPage,
})
