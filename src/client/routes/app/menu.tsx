import { createFileRoute } from '@tanstack/react-router'
import { MorePage } from '../../features/shell/more-page.tsx'

/** The phone's "More": every area that does not fit in the bottom bar. */
export const Route = createFileRoute('/app/menu')({
  component: MorePage,
})
