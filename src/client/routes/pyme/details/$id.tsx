import { createFileRoute } from '@tanstack/react-router'
import { PymePage } from '../../../features/pymes/pyme-page.tsx'

export const Route = createFileRoute('/pyme/details/$id')({ component: PymeRoute })

function PymeRoute() {
  const { id } = Route.useParams()
  return <PymePage key={id} id={id} />
}
