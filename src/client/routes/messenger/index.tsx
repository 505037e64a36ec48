import { createFileRoute } from '@tanstack/react-router'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import { MessengerPage } from '../../features/messenger/messenger-page.tsx'

export const Route = createFileRoute('/messenger/')({
  validateSearch: (search: Record<string, unknown>): { c?: string } =>
    typeof search.c === 'string' && UUID_PATTERN.test(search.c) ? { c: search.c.toLowerCase() } : {},
  component: MessengerRoute,
})

function MessengerRoute() {
  const { c } = Route.useSearch()
  return <MessengerPage openId={c} />
}
