import { createFileRoute } from '@tanstack/react-router'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import { NotificationsPage } from '../../features/notifications/notifications-page.tsx'

export const Route = createFileRoute('/notifications/')({
  validateSearch: (search: Record<string, unknown>): { open?: string } =>
    typeof search.open === 'string' && UUID_PATTERN.test(search.open) ? { open: search.open } : {},
  component: NotificationsRoute,
})

function NotificationsRoute() {
  const { open } = Route.useSearch()
  return <NotificationsPage openId={open} />
}
