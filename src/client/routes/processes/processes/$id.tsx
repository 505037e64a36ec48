import { createFileRoute } from '@tanstack/react-router'
import { ProcessPage } from '../../../features/processes/process-page.tsx'

export const Route = createFileRoute('/processes/processes/$id')({ component: ProcessRoute })

function ProcessRoute() {
  const { id } = Route.useParams()
  return <ProcessPage key={id} id={id} />
}
