import { createFileRoute } from '@tanstack/react-router'
import { EventsPage } from '../../features/events/events-page.tsx'

export const Route = createFileRoute('/events/')({
  validateSearch: (search: Record<string, unknown>): { event?: string } =>
    typeof search.event === 'string' && search.event.length <= 64 ? { event: search.event } : {},
  component: EventsRoute,
})

function EventsRoute() {
  const { event } = Route.useSearch()
  return <EventsPage selected={event} />
}
